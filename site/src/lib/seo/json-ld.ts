/**
 * schema.org structured data (JSON-LD) of the site's pages, from the entities
 * as the API sends them; every address absolute on `origin`, the shop's
 * public origin.
 */
import { house } from "@/config/house";
import type { News, Product, Runway } from "@/lib/api/types";
import { isActive, newsPath, productPath, runwayPath } from "@/lib/rules/catalog";
import { describeNews, describeProduct, describeRunway } from "./describe";
import { plainText } from "./text";

export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

const CONTEXT = "https://schema.org" as const;

/** `path` on the origin; an address that already names its host stays as it is. */
export function absolute(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

const brand = () => ({ "@type": "Brand", name: house.name });

/** The house as publisher and author: name, address and logo. */
function houseRef(origin: string) {
  return { "@type": "Organization", name: house.name, url: absolute(origin, "/"), logo: { "@type": "ImageObject", url: absolute(origin, "/icon.svg") } };
}

export function organizationLd(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    ...houseRef(origin),
    address: { "@type": "PostalAddress", streetAddress: house.address.street, addressLocality: house.address.city, addressCountry: house.address.country },
    telephone: house.phone.e164,
    email: house.emails.contact,
    sameAs: [house.social.facebook, house.social.instagram, house.social.youtube],
  };
}

/** A product and its one offer: the catalogue's price in the shop's currency; an active product can be ordered now. */
export function productLd(product: Product, origin: string): JsonLd {
  const url = absolute(origin, productPath(product));
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: product.name.trim(),
    description: plainText(product.description) || describeProduct(product).description,
    sku: product.sku,
    image: product.productGallery.map((src) => absolute(origin, src)),
    url,
    brand: brand(),
    ...(product.color.length > 0 ? { color: product.color.join(", ") } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: product.price.toFixed(2),
      priceCurrency: house.currency,
      availability: isActive(product) ? "https://schema.org/InStock" : "https://schema.org/Discontinued",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: house.name },
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(crumbs: readonly Crumb[], origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absolute(origin, crumb.path) })),
  };
}

export function newsArticleLd(news: News, origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "NewsArticle",
    headline: news.title.trim(),
    description: describeNews(news).description,
    ...(news.poster ? { image: [absolute(origin, news.poster)] } : {}),
    datePublished: news.createdAt,
    dateModified: news.updatedAt || news.createdAt,
    mainEntityOfPage: absolute(origin, newsPath(news)),
    author: houseRef(origin),
    publisher: houseRef(origin),
  };
}

/** A YouTube address as its embed address (`/embed/{id}`), or null for any other. */
export function youtubeEmbed(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    const id = host === "youtu.be" ? u.pathname.slice(1) : host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com") ? (u.searchParams.get("v") ?? /^\/(?:embed|shorts|live)\/([^/?]+)/.exec(u.pathname)?.[1]) : null;
    return id ? `https://www.youtube.com/embed/${id}` : null;
  } catch {
    return null;
  }
}

/** A runway show's films as the page plays them: the show's (YouTube, else its file) and the campaign's (its file). */
export function runwayVideosLd(runway: Runway, origin: string): JsonLd[] {
  const { description } = describeRunway(runway);
  const name = runway.name.trim();
  const [hero, second] = runway.banners;
  const campaign = second ?? hero;
  const film = (title: string, thumbnail: string | undefined, source: { embedUrl?: string; contentUrl?: string }): JsonLd => ({
    "@context": CONTEXT,
    "@type": "VideoObject",
    name: title,
    description,
    ...(thumbnail ? { thumbnailUrl: [absolute(origin, thumbnail)] } : {}),
    uploadDate: runway.createdAt,
    url: absolute(origin, runwayPath(runway)),
    ...source,
  });
  const file = runway.video ? { contentUrl: absolute(origin, runway.video) } : null;
  const embed = runway.youtubeUrl ? youtubeEmbed(runway.youtubeUrl) : null;
  const films: JsonLd[] = [];
  if (embed || file) films.push(film(`${name} — the film`, hero, embed ? { embedUrl: embed } : (file ?? {})));
  if (file && embed) films.push(film(`${name} — the campaign film`, campaign, file));
  return films;
}

/** The JSON-LD as the text of a script element: `<`, `>`, `&` and the line separators escaped, so no value can end the element. */
export function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
