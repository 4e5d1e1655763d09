/** Small catalogue rules shared by every screen. */
import type { MenuLink, Product } from "@/lib/api/types";

export const NEW_CATEGORY = "new";

/** Only active content is shown; content without a status (older payloads) counts as active. */
export function isActive(item: { status?: string }): boolean {
  return item.status === undefined || item.status.toLowerCase() === "active";
}

export function sortByOrder<T extends { order?: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function isNewArrival(product: Pick<Product, "categories">): boolean {
  return product.categories.some((c) => c.trim().toLowerCase() === NEW_CATEGORY);
}

/** Keeps the first spelling of each name, comparing case-insensitively and ignoring surrounding blanks. */
export function dedupeNames(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Search suggestions: active category names de-duplicated case-insensitively, then active menu titles by order. */
export function recommendedSearches(categories: { name: string; status?: string }[], menus: { title: string; status?: string; order?: number }[]): string[] {
  const names = dedupeNames(categories.filter(isActive).map((c) => c.name));
  const titles = sortByOrder(menus.filter(isActive))
    .map((m) => m.title.trim())
    .filter(Boolean);
  return [...names, ...titles];
}

export const productPath = (p: { id: string; slug: string }) => `/shop/product/${encodeURIComponent(p.id)}/${encodeURIComponent(p.slug || "item")}/`;
export const collectionPath = (c: { id: string; slug: string }) => `/collection/${encodeURIComponent(c.id)}/${encodeURIComponent(c.slug || "collection")}/`;
export const newsPath = (n: { id: string; slug: string }) => `/news/${encodeURIComponent(n.id)}/${encodeURIComponent(n.slug || "article")}/`;
export const runwayPath = (r: { id: string; slug: string }) => `/runway/${encodeURIComponent(r.id)}/${encodeURIComponent(r.slug || "show")}/`;

/** Where a menu entry leads, as the site links it: a collection's page, a page of the shop, or another site (opened in a new tab). */
export function menuHref(link: MenuLink): { href: string; outside: boolean } {
  switch (link.kind) {
    case "collection":
      return { href: collectionPath(link), outside: false };
    case "page":
      return { href: link.path === "/" ? "/" : `${link.path.replace(/\/+$/, "")}/`, outside: false };
    case "outside":
      return { href: link.url, outside: true };
  }
}

/** The segments after a route prefix in a real path (placeholder pages read ids this way). */
export function segmentsAfter(pathname: string, prefix: string): string[] {
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : "";
  return rest
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}
