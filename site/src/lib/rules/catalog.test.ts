import { describe, expect, it } from "vitest";
import { dedupeNames, isActive, menuCollectionPath, recommendedSearches, segmentsAfter, sortByOrder } from "./catalog";

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
  it("builds /collection{menu url}", () => {
    expect(menuCollectionPath("/c1/silk-road")).toBe("/collection/c1/silk-road/");
    expect(menuCollectionPath("lotus")).toBe("/collection/lotus/");
  });
  it("reads the real segments of a placeholder page", () => {
    expect(segmentsAfter("/shop/product/p%201/robe/", "/shop/product/")).toEqual(["p 1", "robe"]);
    expect(segmentsAfter("/news", "/news/")).toEqual([]);
  });
});
