/** Which products a /shop/{menu} page lists. */
import type { Product } from "@/lib/api/types";

/** The categories each special menu stands for; any other menu is a category name. */
const ALIASES: Record<string, string[]> = {
  men: ["men", "man"],
  women: ["women", "woman"],
  "new-arrivals": ["new"],
};

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[-_\s]+/g, " ");
}

export function categoriesForMenu(menu: string): string[] {
  const key = menu.trim().toLowerCase();
  return ALIASES[key] ?? [normalise(menu)];
}

export function matchesMenu(product: Pick<Product, "categories">, menu: string): boolean {
  const wanted = categoriesForMenu(menu);
  return product.categories.some((c) => wanted.includes(normalise(c)));
}

/** A heading for the menu: "NEW ARRIVALS", "WOMEN", or the category as written. */
export function menuLabel(menu: string): string {
  return menu.replace(/[-_]+/g, " ").trim().toUpperCase();
}
