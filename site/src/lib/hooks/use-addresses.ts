/** The signed-in shopper's address book (My Addresses, checkout's saved addresses). */
import useSWR from "swr";
import type { Address } from "@/lib/rules/address";
import { fetchList } from "./fetchers";

export function useAddresses() {
  return useSWR("/addresses", (path: string) => fetchList<Address>(path), { revalidateOnFocus: false });
}
