import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/api/types";
import { COLOR_REQUIRED, cartBody, categoryChoices, unitPrice, validateChoice } from "./add-to-cart";

const set = {
  id: "p1",
  price: 3200,
  items: [
    { name: "Jacket", price: 2000 },
    { name: "Trousers", price: 1400 },
  ],
} as Product;

describe("add to cart", () => {
  it("requires a colour", () => {
    expect(validateChoice({ category: "Set", color: "", size: "M", quantity: 1 })).toBe(COLOR_REQUIRED);
    expect(validateChoice({ category: "Set", color: "Black", size: "", quantity: 1 })).toBeNull();
  });
  it("offers the items plus Set, or nothing for a single piece", () => {
    expect(categoryChoices(set)).toEqual(["Jacket", "Trousers", "Set"]);
    expect(categoryChoices({ items: [] })).toEqual([]);
  });
  it("prices the chosen piece, else the whole set", () => {
    expect(unitPrice(set, "Jacket")).toBe(2000);
    expect(unitPrice(set, "Set")).toBe(3200);
  });
  it("builds the request body", () => {
    expect(cartBody(set, { category: "Trousers", color: "Ivory", size: "S", quantity: 2 })).toEqual({
      productId: "p1",
      size: "S",
      color: "Ivory",
      quantity: 2,
      category: "Trousers",
      price: 1400,
    });
    expect(cartBody(set, { category: "", color: "Ivory", size: "", quantity: 0 })).toMatchObject({ quantity: 1, category: "Set", price: 3200 });
  });
  it("names no category for a product that is not a set", () => {
    const single = { id: "p2", price: 900, items: [] } as unknown as Product;
    expect(cartBody(single, { category: "", color: "Ivory", size: "M", quantity: 1 })).toMatchObject({ category: "", price: 900 });
  });
});
