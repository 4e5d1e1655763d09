/**
 * What a page says it shows, in words (its title and description), from the
 * entity itself: the pre-rendered page's head and the placeholder page's
 * document (once the entity arrives) say the same.
 */
import { house } from "@/config/house";
import type { Collection, News, Product, Runway } from "@/lib/api/types";
import { formatPrice } from "@/lib/rules/format";
import { excerpt, plainText } from "./text";

export interface Described {
  /** The page's own title; the site's name follows it in the document's title. */
  title: string;
  description: string;
}

/** The document's title of a page titled `title` (the layout's template says the same). */
/** A build that names no house titles a page by itself alone. */
export const TITLE_TEMPLATE = house.name ? `%s — ${house.name}` : "%s";
export const fullTitle = (title: string) => TITLE_TEMPLATE.replace("%s", title);

/** "Name — Collection · $1,234.00. Its description…" */
export function describeProduct(product: Pick<Product, "name" | "price" | "description" | "collectionName">): Described {
  const name = product.name.trim();
  const facts = [product.collectionName?.trim(), formatPrice(product.price)].filter(Boolean).join(" · ");
  const text = plainText(product.description) || `${name}, made by ${house.name} in ${house.address.city}.`;
  return { title: name, description: excerpt(`${name} — ${facts}. ${text}`) };
}

export function describeCollection(collection: Pick<Collection, "name" | "description">): Described {
  const name = collection.name.trim();
  const text = plainText(collection.description) || `Every piece of ${house.name}'s ${name} collection.`;
  return { title: `${name} collection`, description: excerpt(text) };
}

export function describeRunway(runway: Pick<Runway, "name" | "description">): Described {
  const name = runway.name.trim();
  const text = plainText(runway.description) || `${house.name}'s ${name}: the show, its looks and its films.`;
  return { title: name, description: excerpt(text) };
}

export function describeNews(news: Pick<News, "title" | "description" | "content">): Described {
  return { title: news.title.trim(), description: excerpt(plainText(news.description) || plainText(news.content) || `News from ${house.name}.`) };
}
