/**
 * The site's own pages have one list, shared/site-pages.json, read here and
 * by `shopctl publish`; no copy of it comes back written by hand.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SHOP_MENUS, SITE_PAGES, type ShopMenu, siteMetadata } from "./pages";

describe("the site's pages", () => {
  it("are shared/site-pages.json's, the shop's menus among them", () => {
    const file = JSON.parse(readFileSync(resolve(__dirname, "../../../../shared/site-pages.json"), "utf8")) as { pages: Record<string, unknown> };
    expect(Object.keys(SITE_PAGES)).toEqual(Object.keys(file.pages));
    const menus: ShopMenu[] = ["new-arrivals", "women", "men"];
    expect(Object.keys(SHOP_MENUS)).toEqual(menus);
    expect(SHOP_MENUS.women).toBe(SITE_PAGES["/shop/women/"]);
    expect(siteMetadata("/me/orders/").robots).toMatchObject({ index: false });
  });

  it("are listed nowhere else in the site's sources", () => {
    const src = resolve(__dirname, "../..");
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    // A title keyed by a site address (`"/me/orders/": { title: ...`), as the list was written before.
    const copy = /["']\/[\w\-/]*["']\s*:\s*\{\s*title\s*:/;
    const found = sources(src)
      .filter((file) => copy.test(readFileSync(file, "utf8")))
      .map((file) => relative(src, file));
    expect(found, "read the site's pages from shared/site-pages.json (@/lib/seo/pages) instead").toEqual([]);
  });
});
