/**
 * The site's own pages (not the catalogue's): each one's title and
 * description, and whether search engines should list it. The sitemap lists
 * the public ones; robots.txt keeps crawlers out of the private ones.
 */
import type { Metadata } from "next";
import { house } from "@/config/house";
import { pageMetadata } from "./metadata";

export interface SitePage {
  title: string;
  description: string;
  /** A visitor's own pages, forms reached from an email, search results: listed nowhere, no canonical address. */
  private?: boolean;
}

const city = house.address.city;

/** The shop's menus (the sidebar's SHOP links): the categories they stand for are in rules/menu-match. */
export const SHOP_MENUS = {
  "new-arrivals": { title: "New arrivals", description: `The newest pieces from the atelier of ${house.name} in ${city}.` },
  women: { title: "Women", description: `Couture for women by ${house.name}: gowns, áo dài, dresses, bridal and outerwear, made in ${city}.` },
  men: { title: "Men", description: `Tailoring for men by ${house.name}: suits, shirts and outerwear, cut and finished by hand in ${city}.` },
} as const satisfies Record<string, SitePage>;

export type ShopMenu = keyof typeof SHOP_MENUS;

export const SITE_PAGES = {
  "/": { title: `${house.name} — ${house.tagline}`, description: `${house.name}: couture, made-to-order and runway collections from ${city}.` },
  "/shop/": { title: "All products", description: `Every piece of ${house.name}: gowns, áo dài, bridal, dresses and tailoring, made by hand in ${city}.` },
  "/shop/new-arrivals/": SHOP_MENUS["new-arrivals"],
  "/shop/women/": SHOP_MENUS.women,
  "/shop/men/": SHOP_MENUS.men,
  "/made-to-order/": { title: "Made to order", description: `Have a piece of ${house.name} made to your measurements, or book an appointment at the atelier in ${city}.` },
  "/runway/": { title: "Runway", description: `The runway shows of ${house.name}: each collection's films, looks and guests.` },
  "/news/": { title: "News", description: `News from ${house.name}: collections, shows and stories from the atelier.` },
  "/about/": { title: "About", description: `The story of ${house.name}, a couture house in ${city}: the atelier, its craft and its essence.` },
  "/support/contact/": { title: "Contact", description: `Reach ${house.name} by email, phone, WhatsApp or Zalo, or visit the showroom at ${house.address.street}.` },
  "/support/faq/": { title: "FAQ", description: `Answers about shipping and returns, showroom visits and styling, shows, press and partnerships at ${house.name}.` },
  "/privacy-policy/": { title: "Privacy policy", description: `How ${house.name} collects, uses and protects your personal data, and your rights over it.` },
  "/terms-and-conditions/": { title: "Terms and conditions", description: `The terms of sale of ${house.name}: orders, prices, payment, shipping, returns and exchanges.` },
  "/search/": { title: "Search", description: `Search the pieces of ${house.name}.`, private: true },
  "/sign-up/": { title: "Create account", description: `Create your ${house.name} account.`, private: true },
  "/forget-password/": { title: "Forgot password", description: `Reset the password of your ${house.name} account.`, private: true },
  "/reset-password/": { title: "Reset password", description: `Choose a new password for your ${house.name} account.`, private: true },
  "/verify-email/": { title: "Verify your email", description: `Confirm the email of your ${house.name} account.`, private: true },
  "/checkout/": { title: "Checkout", description: `Your order at ${house.name}.`, private: true },
  "/checkout/notify/": { title: "Payment result", description: `The result of your payment at ${house.name}.`, private: true },
  "/me/account/": { title: "My Account", description: `Your ${house.name} account.`, private: true },
  "/me/addresses/": { title: "Addresses", description: `Your shipping addresses at ${house.name}.`, private: true },
  "/me/orders/": { title: "My Orders", description: `Your orders at ${house.name}.`, private: true },
  "/me/wishlist/": { title: "Wishlist", description: `The pieces you saved at ${house.name}.`, private: true },
} as const satisfies Record<string, SitePage>;

export type SitePath = keyof typeof SITE_PAGES;

/** Folders robots.txt closes to crawlers: a visitor's own pages, links from emails, checkout and search results. */
export const DISALLOWED = ["/me/", "/checkout/", "/reset-password/", "/verify-email/", "/search/"] as const;

/** The public pages, for the sitemap. */
export const publicPaths = (): string[] => Object.entries(SITE_PAGES as Record<string, SitePage>).flatMap(([path, page]) => (page.private ? [] : [path]));

/** A site page's metadata; `canonical` names another address that shows the same page. */
export function siteMetadata(path: SitePath, canonical: string = path): Metadata {
  const page: SitePage = SITE_PAGES[path];
  return pageMetadata({ title: page.title, description: page.description, path: page.private ? null : canonical, noindex: page.private, absoluteTitle: path === "/" });
}
