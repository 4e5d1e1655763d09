/**
 * What a detail page says it shows, in words (its title and description),
 * from the entity itself and the house: what the document says once the
 * entity arrives after a client-side navigation or on a placeholder page.
 * The published head of the same page says the same (`shopctl publish`,
 * shared/shopctl/src/publish/words.rs, holds the same rules).
 */
import type { Collection, House, News, Product, Runway } from "@/lib/api/types";
import { formatPrice } from "@/lib/rules/format";
import { excerpt, plainText } from "./text";

export interface Described {
  /** The page's own title; the house's name follows it in the document's title. */
  title: string;
  description: string;
}

/** The house as the words name it: its name in capitals and its city, or nothing before its first import. */
export type HouseWords = Pick<House, "name"> & { address?: Pick<House["address"], "city"> };

const nameOf = (house: HouseWords | null | undefined) => house?.name.trim().toUpperCase() ?? "";

/** The document's title of a page titled `title`: the house's name follows it; without a house, the title alone. */
export function fullTitle(title: string, house: HouseWords | null | undefined): string {
  const name = nameOf(house);
  return name ? `${title} — ${name}` : title;
}

/** "Name — Collection · $1,234.00. Its description…" */
export function describeProduct(product: Pick<Product, "name" | "price" | "description" | "collectionName">, house?: HouseWords | null): Described {
  const name = product.name.trim();
  const facts = [product.collectionName?.trim(), formatPrice(product.price)].filter(Boolean).join(" · ");
  const city = house?.address?.city.trim();
  const text = plainText(product.description) || `${name}, made by ${nameOf(house) || "the house"}${city ? ` in ${city}` : ""}.`;
  return { title: name, description: excerpt(`${name} — ${facts}. ${text}`) };
}

export function describeCollection(collection: Pick<Collection, "name" | "description">, house?: HouseWords | null): Described {
  const name = collection.name.trim();
  const houseName = nameOf(house);
  const text =
    plainText(collection.description) || (houseName ? `Every piece of ${houseName}'s ${name} collection.` : `Every piece of the ${name} collection.`);
  return { title: `${name} collection`, description: excerpt(text) };
}

export function describeRunway(runway: Pick<Runway, "name" | "description">, house?: HouseWords | null): Described {
  const name = runway.name.trim();
  const houseName = nameOf(house);
  const text = plainText(runway.description) || `${houseName ? `${houseName}'s ` : ""}${name}: the show, its looks and its films.`;
  return { title: name, description: excerpt(text) };
}

export function describeNews(news: Pick<News, "title" | "description" | "content">, house?: HouseWords | null): Described {
  return {
    title: news.title.trim(),
    description: excerpt(plainText(news.description) || plainText(news.content) || `News from ${nameOf(house) || "the house"}.`),
  };
}
