/**
 * What the site itself knows, which is not the house's data: the currency.
 * The house (name, contacts, pages) is data: components read it with
 * `useHouse()` (`@/lib/hooks/use-house`); the pages' heads are written by
 * `shopctl publish` from it.
 */

/** Every price is in US dollars (en-US format), at checkout as in the catalogue. */
export const CURRENCY = "USD";
