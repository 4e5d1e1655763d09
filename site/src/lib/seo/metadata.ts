/**
 * The head a page's template carries: its title alone, naming no house (the
 * build knows none). `shopctl publish` replaces it with the page's full head
 * (the house's name, description, canonical, Open Graph, JSON-LD) from the
 * catalogue; after a client-side navigation the title is Next's, and a detail
 * page names its entity itself (usePageMeta).
 */
import type { Metadata } from "next";

export interface PageSeo {
  title: string;
  /** Pages a search engine should not list (a visitor's own pages, forms reached by email, results). */
  noindex?: boolean;
}

export function pageMetadata({ title, noindex = false }: PageSeo): Metadata {
  return { title, ...(noindex ? { robots: { index: false, follow: true } } : {}) };
}

/** A detail route's placeholder page: its route's word until the entity arrives. */
export function unknownMetadata(title: string): Metadata {
  return pageMetadata({ title });
}
