/** The signed-in shopper's orders, newest first (My Orders). */
import useSWR from "swr";
import { fetchList } from "./fetchers";

export function useOrders() {
  return useSWR("/orders/me", () => fetchList("/orders/me"), { revalidateOnFocus: false });
}
