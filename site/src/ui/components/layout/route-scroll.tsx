"use client";
/**
 * Every navigation scrolls to the top (spec section 2): a new page, a query
 * change (e.g. a new search), and Back or Forward too, which browsers would
 * otherwise return to the old scroll position (restored from history, or the
 * whole page from the back/forward cache).
 */
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";

const toTop = () => window.scrollTo({ top: 0, left: 0, behavior: "instant" as ScrollBehavior });

export function RouteScroll() {
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search?.toString() ?? "";
  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const restored = (e: PageTransitionEvent) => e.persisted && toTop();
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  // A block body: newer browsers' scrollTo returns a promise, which React would take for a cleanup to call.
  useEffect(() => {
    toTop();
  }, [pathname, query]);
  return null;
}
