/** The signed-in shopper's address book (My Addresses, checkout's saved addresses). */
import useSWR from "swr";
import { fetchList } from "./fetchers";

export function useAddresses() {
  return useSWR("/addresses", () => fetchList("/addresses"), { revalidateOnFocus: false });
}
