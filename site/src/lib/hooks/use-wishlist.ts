/** The wishlist as a set of product ids, and the toggle: add if absent, remove if present. */
import { useCallback, useMemo } from "react";
import useSWR from "swr";
import { ApiError, ok, shop } from "@/lib/api/client";
import { notify } from "@/ui/components/common/notify";
import { fetchList } from "./fetchers";
import { useSession } from "./use-session";
import { MESSAGES } from "@/lib/messages";

export const WISHLIST_LOGIN = MESSAGES.wishlist.LOGIN_REQUIRED;

async function fetchWishlist(): Promise<string[]> {
  try {
    return (await ok(shop.GET("/api/wishlist"))).productIds;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("GET /wishlist failed", error);
    return [];
  }
}

export function useWishlist() {
  const { profile } = useSession();
  const { data, mutate } = useSWR(profile ? "/wishlist" : null, fetchWishlist, { revalidateOnFocus: false });
  const ids = useMemo(() => data ?? [], [data]);

  const toggle = useCallback(
    async (productId: string) => {
      const present = ids.includes(productId);
      try {
        if (present) await ok(shop.DELETE("/api/wishlist/remove/{id}", { params: { path: { id: productId } } }));
        else await ok(shop.POST("/api/wishlist/add", { body: { productId } }));
        await mutate(present ? ids.filter((id) => id !== productId) : [...ids, productId], { revalidate: true });
      } catch (error) {
        // Visitors (401) and any other failure get the same message (spec section 6).
        if (!(error instanceof ApiError && error.status === 401)) console.error("wishlist change failed", error);
        notify.product(WISHLIST_LOGIN, "error");
      }
    },
    [ids, mutate],
  );

  return { ids, has: (id: string) => ids.includes(id), toggle };
}

/** The wishlist's entries with their products (My Wishlist), beside the id set above. */
export function useWishlistEntries() {
  return useSWR(["/wishlist", "entries"], () => fetchList("/wishlist"), { revalidateOnFocus: false });
}
