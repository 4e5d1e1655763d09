/**
 * The site's own pages (not the catalogue's): each one's title, and whether
 * search engines may list it, read from shared/site-pages.json. Their
 * published heads (the house's name, the descriptions, the sitemap and
 * robots.txt) are `shopctl publish`'s, from the same file.
 */
import type { Metadata } from "next";
import sitePages from "../../../../shared/site-pages.json";
import { pageMetadata } from "./metadata";

export interface SitePage {
  title: string;
  /** A visitor's own pages, forms reached from an email, search results: listed nowhere. */
  private?: boolean;
}

/** The site's own pages by address, as shared/site-pages.json (which shopctl reads too) lists them. */
export type SitePath = keyof typeof sitePages.pages;

export const SITE_PAGES: Record<SitePath, SitePage> = sitePages.pages;

/** The shop's menus (the sidebar's SHOP links): the site pages under /shop/. The categories they stand for are in rules/menu-match. */
export type ShopMenu = SitePath extends infer P ? (P extends `/shop/${infer M}/` ? M : never) : never;

export const SHOP_MENUS = Object.fromEntries(
  Object.entries(SITE_PAGES).flatMap(([path, page]) => {
    const menu = /^\/shop\/([^/]+)\/$/.exec(path)?.[1];
    return menu ? [[menu, page]] : [];
  }),
) as Record<ShopMenu, SitePage>;

/** A site page's template head. */
export function siteMetadata(path: SitePath): Metadata {
  const page: SitePage = SITE_PAGES[path];
  return pageMetadata({ title: page.title, noindex: page.private });
}
