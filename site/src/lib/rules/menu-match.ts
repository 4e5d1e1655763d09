/** Which products a /shop/{menu} page lists. */
import type { Product } from "@/lib/api/types";

/** The categories each special menu stands for; any other menu is a category name. */
const ALIASES: Record<string, string[]> = {
  men: ["men", "man"],
  women: ["women", "woman"],
  "new-arrivals": ["new"],
};

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, " ");
}

export function categoriesForMenu(menu: string): string[] {
  const key = menu.trim().toLowerCase();
  return ALIASES[key] ?? [normalise(menu)];
}

/** The shop's own menus (New Arrivals, Women, Men), as their /shop/{menu}/ segment. */
export const SHOP_MENU_PATHS = Object.keys(ALIASES);

/** Whether the category named `category` is one the menu lists. */
export function standsFor(category: string, menu: string): boolean {
  return categoriesForMenu(menu).includes(normalise(category));
}

export function matchesMenu(product: Pick<Product, "categories">, menu: string): boolean {
  return product.categories.some((c) => standsFor(c, menu));
}

/** A heading for the menu: "NEW ARRIVALS", "WOMEN", or the category as written. */
export function menuLabel(menu: string): string {
  return menu.replace(/[-_]+/g, " ").trim().toUpperCase();
}
