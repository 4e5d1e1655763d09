/** The signed-in shopper's bag: lines, quantity changes (never below 1) and removal. */
import { useCallback } from "react";
import useSWR from "swr";
import { ApiError, api, unwrapList } from "@/lib/api/client";
import type { CartLine } from "@/lib/api/types";
import { useSession } from "./use-session";

export const CART_KEY = "/cart";

async function fetchCart(): Promise<CartLine[]> {
  try {
    return unwrapList<CartLine>(await api.get(CART_KEY));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("GET /cart failed", error);
    return [];
  }
}

/** `active`: the bag is open, so the session is asked even without the signed-in hint. */
export function useCart(active = true) {
  const { profile } = useSession({ ask: active });
  const { data, mutate } = useSWR(profile && active ? CART_KEY : null, fetchCart, { revalidateOnFocus: false });
  const lines = data ?? [];

  /** Answers whether the server took the new quantity; on failure the shown quantity stays. */
  const setQuantity = useCallback(
    async (id: string, quantity: number): Promise<boolean> => {
      if (quantity < 1) return false;
      try {
        await api.patch(`/cart/${encodeURIComponent(id)}`, { quantity });
        await mutate((current) => (current ?? []).map((l) => (l.id === id ? { ...l, quantity } : l)), { revalidate: true });
        return true;
      } catch (error) {
        console.error("PATCH /cart failed", error);
        return false;
      }
    },
    [mutate],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await api.delete(`/cart/remove/${encodeURIComponent(id)}`);
        await mutate((current) => (current ?? []).filter((l) => l.id !== id), { revalidate: true });
      } catch (error) {
        console.error("DELETE /cart/remove failed", error);
      }
    },
    [mutate],
  );

  return { lines, signedIn: Boolean(profile), setQuantity, remove, reload: mutate };
}
