/** The signed-in shopper's orders, newest first (My Orders). */
import useSWR from "swr";
import type { Order } from "@/lib/api/types";
import { fetchList } from "./fetchers";

export function useOrders() {
  return useSWR("/orders/me", (path: string) => fetchList<Order>(path), { revalidateOnFocus: false });
}
