import { describe, expect, it } from "vitest";
import { dedupeNames, isActive, menuHref, recommendedSearches, segmentsAfter, sortByOrder } from "./catalog";

describe("catalogue rules", () => {
  it("keeps only active content", () => {
    expect([{ status: "active" }, { status: "inactive" }, { status: "Active" }].filter(isActive)).toHaveLength(2);
  });
  it("sorts by order ascending", () => {
    expect(sortByOrder([{ order: 3 }, { order: 1 }, { order: 2 }]).map((m) => m.order)).toEqual([1, 2, 3]);
  });
  it("de-duplicates names case-insensitively, keeping the first spelling", () => {
    expect(dedupeNames(["Dress", "dress", " DRESS ", "Áo Dài", "áo dài", ""])).toEqual(["Dress", "Áo Dài"]);
  });
  it("recommends active category names then active menu titles by order", () => {
    const categories = [
      { name: "Women", status: "active" },
      { name: "women", status: "active" },
      { name: "Hidden", status: "inactive" },
      { name: "Men", status: "active" },
    ];
    const menus = [
      { title: "Lotus", status: "active", order: 2 },
      { title: "Archive", status: "inactive", order: 0 },
      { title: "Silk Road", status: "active", order: 1 },
    ];
    expect(recommendedSearches(categories, menus)).toEqual(["Women", "Men", "Silk Road", "Lotus"]);
  });
  it("links each kind of menu entry where it leads", () => {
    expect(menuHref({ kind: "collection", id: "c1", slug: "silk-road" })).toEqual({ href: "/collection/c1/silk-road/", outside: false });
    expect(menuHref({ kind: "page", path: "/made-to-order" })).toEqual({ href: "/made-to-order/", outside: false });
    expect(menuHref({ kind: "page", path: "/" })).toEqual({ href: "/", outside: false });
    expect(menuHref({ kind: "outside", url: "https://example.com/lookbook" })).toEqual({ href: "https://example.com/lookbook", outside: true });
  });
  it("reads the real segments of a placeholder page", () => {
    expect(segmentsAfter("/shop/product/p%201/robe/", "/shop/product/")).toEqual(["p 1", "robe"]);
    expect(segmentsAfter("/news", "/news/")).toEqual([]);
  });
});
