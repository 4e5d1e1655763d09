"use client";
/** Hands a page's build-time catalogue to SWR as fallback data; nested ones add their keys to the outer ones'. */
import type { ReactNode } from "react";
import { SWRConfig } from "swr";

export function CatalogFallback({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}
