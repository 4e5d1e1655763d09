"use client";
/**
 * The real segments of a placeholder page's address. The export rendered the
 * page for `_`, so the first client render must match that HTML: the segments
 * are null until the page has mounted, then read from usePathname().
 */
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { segmentsAfter } from "@/lib/rules/catalog";

export function useRouteSegments(prefix: string): string[] | null {
  const pathname = usePathname() ?? "";
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return segmentsAfter(pathname, prefix).filter((s) => s !== "_");
}
