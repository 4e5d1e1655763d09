"use client";
/** Every navigation scrolls to the top (query changes included, e.g. a new search). */
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";

export function RouteScroll() {
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search?.toString() ?? "";
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" as ScrollBehavior });
  }, [pathname, query]);
  return null;
}
