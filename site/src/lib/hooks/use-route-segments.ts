"use client";
/**
 * The real segments of a placeholder page's address. The export rendered the
 * page for `_`, so the first client render must match that HTML: the segments
 * are null until the page has mounted, then read from usePathname().
 */
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { segmentsAfter } from "@/lib/rules/catalog";

export function useRouteSegments(prefix: string, wanted = true): string[] | null {
  const pathname = usePathname() ?? "";
  const [mounted, setMounted] = useState(false);
  // Only a page that reads its address pays the second render this costs.
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  if (!mounted) return null;
  return segmentsAfter(pathname, prefix).filter((s) => s !== "_");
}

/**
 * The entity id of a detail page: the one the build rendered it for, else
 * (the placeholder page) the address's first segment once mounted. Undefined
 * while not yet known; null when the address names none.
 */
export function usePageId(prefix: string, built: string | null): string | null | undefined {
  const segments = useRouteSegments(prefix, built === null);
  if (built !== null) return built;
  return segments === null ? undefined : (segments[0] ?? null);
}
