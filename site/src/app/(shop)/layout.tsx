import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { ShopDocument } from "@/app/shop-document";

/**
 * The shop's root layout (every page but the atelier console's, which has its
 * own). The templates' site-wide head: a title alone. Each published page's
 * head (the house's name, description, canonical, Open Graph, JSON-LD, all on
 * the shop's public origin) is written by `shopctl publish`.
 */
export const metadata: Metadata = pageMetadata(SITE_PAGES["/"]);

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#000000" };

export default function ShopLayout({ children }: { children: ReactNode }) {
  return <ShopDocument>{children}</ShopDocument>;
}
