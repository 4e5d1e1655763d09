/**
 * The site's own pages (not the catalogue's): each one's title, and whether
 * search engines may list it. Their published heads (the house's name, the
 * descriptions, the sitemap and robots.txt) are `shopctl publish`'s
 * (shared/shopctl/src/publish/pages.rs).
 */
import type { Metadata } from "next";
import { pageMetadata } from "./metadata";

export interface SitePage {
  title: string;
  /** A visitor's own pages, forms reached from an email, search results: listed nowhere. */
  private?: boolean;
}

/** The shop's menus (the sidebar's SHOP links): the categories they stand for are in rules/menu-match. */
export const SHOP_MENUS = {
  "new-arrivals": { title: "New arrivals" },
  women: { title: "Women" },
  men: { title: "Men" },
} as const satisfies Record<string, SitePage>;

export type ShopMenu = keyof typeof SHOP_MENUS;

export const SITE_PAGES = {
  "/": { title: "Couture" },
  "/shop/": { title: "All products" },
  "/shop/new-arrivals/": SHOP_MENUS["new-arrivals"],
  "/shop/women/": SHOP_MENUS.women,
  "/shop/men/": SHOP_MENUS.men,
  "/made-to-order/": { title: "Made to order" },
  "/runway/": { title: "Runway" },
  "/news/": { title: "News" },
  "/about/": { title: "About" },
  "/support/contact/": { title: "Contact" },
  "/support/faq/": { title: "FAQ" },
  "/privacy-policy/": { title: "Privacy policy" },
  "/terms-and-conditions/": { title: "Terms and conditions" },
  "/search/": { title: "Search", private: true },
  "/sign-up/": { title: "Create account", private: true },
  "/forget-password/": { title: "Forgot password", private: true },
  "/reset-password/": { title: "Reset password", private: true },
  "/verify-email/": { title: "Verify your email", private: true },
  "/checkout/": { title: "Checkout", private: true },
  "/checkout/notify/": { title: "Payment result", private: true },
  "/me/account/": { title: "My Account", private: true },
  "/me/addresses/": { title: "Addresses", private: true },
  "/me/orders/": { title: "My Orders", private: true },
  "/me/wishlist/": { title: "Wishlist", private: true },
} as const satisfies Record<string, SitePage>;

export type SitePath = keyof typeof SITE_PAGES;

/** A site page's template head. */
export function siteMetadata(path: SitePath): Metadata {
  const page: SitePage = SITE_PAGES[path];
  return pageMetadata({ title: page.title, noindex: page.private });
}
