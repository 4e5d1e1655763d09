import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/api/types";
import { NO_FILTERS, applyFilters, categoryOptions, colorOptions, toggleCategory } from "./filters";

const product = (id: string, price: number, color: string[], categories: string[]): Product => ({
  id,
  sku: id,
  name: id,
  description: "",
  categories,
  collection: "c",
  slug: id,
  size: [],
  color,
  price,
  status: "active",
  productGallery: [],
  createdAt: "2025-01-01T00:00:00Z",
});

const list = [product("a", 900, ["Black"], ["women", "dress"]), product("b", 300, ["white", "Gold"], ["men"]), product("c", 5000, ["black"], ["Dress", "new"])];

describe("shop filters", () => {
  it("without filters keeps the server order", () => {
    expect(applyFilters(list, NO_FILTERS).map((p) => p.id)).toEqual(["a", "b", "c"]);
  });
  it("filters by colour case-insensitively", () => {
    expect(applyFilters(list, { ...NO_FILTERS, color: "BLACK" }).map((p) => p.id)).toEqual(["a", "c"]);
  });
  it("filters by any of the chosen categories", () => {
    expect(applyFilters(list, { ...NO_FILTERS, categories: ["dress"] }).map((p) => p.id)).toEqual(["a", "c"]);
    expect(applyFilters(list, { ...NO_FILTERS, categories: ["men", "DRESS"] }).map((p) => p.id)).toEqual(["a", "b", "c"]);
  });
  it("sorts by price both ways", () => {
    expect(applyFilters(list, { ...NO_FILTERS, sort: "asc" }).map((p) => p.price)).toEqual([300, 900, 5000]);
    expect(applyFilters(list, { ...NO_FILTERS, sort: "desc" }).map((p) => p.price)).toEqual([5000, 900, 300]);
  });
  it("combines filters and does not mutate the input", () => {
    const copy = [...list];
    expect(applyFilters(list, { color: "black", categories: ["dress"], sort: "desc" }).map((p) => p.id)).toEqual(["c", "a"]);
    expect(list).toEqual(copy);
  });
  it("hides 'new' and collapses duplicates in the category options", () => {
    expect(categoryOptions(["Women", "new", "NEW", "women", "Dress", "dress"])).toEqual(["Women", "Dress"]);
  });
  it("lists each colour once", () => {
    expect(colorOptions(list)).toEqual(["Black", "Gold", "white"]);
  });
  it("All clears the selection; others toggle", () => {
    expect(toggleCategory(["men"], null)).toEqual([]);
    expect(toggleCategory(["men"], "Dress")).toEqual(["men", "Dress"]);
    expect(toggleCategory(["men", "Dress"], "dress")).toEqual(["men"]);
  });
});
