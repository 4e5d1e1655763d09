/**
 * The signed-in shopper's bag: lines at the catalogue's current prices, the
 * server's quote of the available ones, quantity changes (never below 1) and
 * removal. One SWR key, shared by the bag panel and the checkout; nothing
 * here adds money up: every total is the server's quote.
 */
import { useCallback } from "react";
import useSWR from "swr";
import { ApiError, getKey, listOf, ok, shop, type AnswerOf } from "@/lib/api/client";
import type { CartLine, Quote } from "@/lib/api/types";
import { useSession } from "./use-session";

export const CART_KEY = "/cart";

/** The bag as the site keeps it: `GET /api/cart` with its lines under `lines`. */
export interface Cart {
  lines: CartLine[];
  /** Pieces in the bag, as the server counts them. */
  count: number;
  /** The server's quote of the available lines; null for an empty bag or when none is available. */
  quote: Quote | null;
}

export const EMPTY_CART: Cart = { lines: [], count: 0, quote: null };

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A quote as the server sends it (a bag's, or a 409's new one); null when absent or malformed. */
export function toQuote(value: unknown): Quote | null {
  if (!value || typeof value !== "object") return null;
  const q = value as Record<string, unknown>;
  return isNumber(q.subtotal) && isNumber(q.shippingfee) && isNumber(q.total)
    ? { subtotal: q.subtotal, shippingfee: q.shippingfee, tax: isNumber(q.tax) ? q.tax : 0, total: q.total }
    : null;
}

/** Reads `{data, count, quote}`; a line without `available` is taken as available. */
export function toCart(body: AnswerOf<typeof CART_KEY>): Cart {
  const lines = listOf(body).map((l) => ({ ...l, available: l.available !== false }));
  // The count is the server's; only a body without one (a bare list, as the spec allows) has its pieces counted here.
  const count = isNumber(body.count) ? body.count : lines.reduce((n, l) => n + l.quantity, 0);
  return { lines, count, quote: toQuote(body.quote) };
}

/** Without a session the bag is empty; any other failure is logged and keeps what was shown. */
export async function fetchCart(): Promise<Cart> {
  try {
    return toCart(await getKey(CART_KEY));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return EMPTY_CART;
    console.error("GET /cart failed", error);
    throw error;
  }
}

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/** The bag's SWR entry and what changes it. `key` null: not asked (no session, panel closed). */
function useBag(key: string | null) {
  const { data, mutate, isLoading } = useSWR(key, fetchCart, SWR_OPTIONS);

  /** Answers whether the server took the new quantity; on failure the shown quantity stays. The quote comes back with the bag. */
  const setQuantity = useCallback(
    async (id: string, quantity: number): Promise<boolean> => {
      if (quantity < 1) return false;
      try {
        await ok(shop.PATCH("/api/cart/{id}", { params: { path: { id } }, body: { quantity } }));
      } catch (error) {
        console.error("PATCH /cart failed", error);
        return false;
      }
      await mutate();
      return true;
    },
    [mutate],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await ok(shop.DELETE("/api/cart/remove/{id}", { params: { path: { id } } }));
        await mutate((current) => current && { ...current, lines: current.lines.filter((l) => l.id !== id) }, { revalidate: true });
      } catch (error) {
        console.error("DELETE /cart/remove failed", error);
      }
    },
    [mutate],
  );

  /** A quote the server answered with (a 409 quote_changed): shown at once, then the bag is asked again for its lines' new prices. */
  const showQuote = useCallback((quote: Quote) => mutate((current) => ({ ...(current ?? EMPTY_CART), quote }), { revalidate: true }), [mutate]);

  const reload = useCallback(() => mutate(), [mutate]);

  return { cart: data ?? EMPTY_CART, loaded: data !== undefined, isLoading, setQuantity, remove, showQuote, reload };
}

/** The header's bag. `active`: the bag is open, so the session is asked even without the signed-in hint. */
export function useCart(active = true) {
  const { profile } = useSession({ ask: active });
  const bag = useBag(profile && active ? CART_KEY : null);
  return { ...bag, lines: bag.cart.lines, signedIn: Boolean(profile) };
}

/** The checkout's bag, behind the session guard: asked at once; it tells loading from empty. */
export function useCheckoutBag() {
  const bag = useBag(CART_KEY);
  return { ...bag, isLoading: bag.isLoading && !bag.loaded };
}
