/** ADD TO CART: the colour rule, the unit price of the chosen part, and the request body. */
import type { Product } from "@/lib/api/types";
import { MESSAGES } from "@/lib/messages";

export const COLOR_REQUIRED = MESSAGES.cart.COLOR_REQUIRED;
export const CART_LOGIN = MESSAGES.cart.LOGIN_REQUIRED;
export const CART_ADDED = MESSAGES.cart.ADDED;
export const CART_FAILED = "Failed to add to cart!";
export const SET = "Set";

/** The category select lists the set's item names plus Set; a product without items has none. */
export function categoryChoices(product: Pick<Product, "items">): string[] {
  const items = product.items ?? [];
  return items.length ? [...items.map((i) => i.name), SET] : [];
}

/** The unit price of the choice: the item's own price, or the whole product's for Set or no choice. */
export function unitPrice(product: Pick<Product, "items" | "price">, category: string): number {
  const item = (product.items ?? []).find((i) => i.name.toLowerCase() === category.trim().toLowerCase());
  return item ? item.price : product.price;
}

export interface CartChoice {
  category: string;
  color: string;
  size: string;
  quantity: number;
}

export function validateChoice(choice: CartChoice): string | null {
  return choice.color.trim() ? null : COLOR_REQUIRED;
}

export function cartBody(product: Product, choice: CartChoice) {
  return {
    productId: product.id,
    size: choice.size,
    color: choice.color,
    quantity: Math.max(1, Math.floor(choice.quantity) || 1),
    // A product without parts is not a set: its line names no category.
    category: choice.category || (product.items?.length ? SET : ""),
    price: unitPrice(product, choice.category),
  };
}
