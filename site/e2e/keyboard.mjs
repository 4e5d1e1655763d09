/**
 * A shopper who uses only the keyboard buys a gown.
 */
export function keyboardJourneys({ browser, base, shop, products }) {
  return [];
}
