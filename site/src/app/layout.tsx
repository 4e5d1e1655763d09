import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "@fontsource/jost/300.css";
import "@fontsource/jost/400.css";
import "@fontsource/jost/500.css";
import "@/ui/styles/base.css";
import "@/ui/styles/layout.css";
import "@/ui/styles/components.css";
import { house } from "@/config/house";
import { siteOrigin } from "@/config/site-url";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { EarlyFetchScript } from "@/lib/early-fetch/early-fetch-script";
import { TITLE_TEMPLATE } from "@/lib/seo/describe";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { SiteShell } from "@/ui/components/layout/site-shell";

/**
 * Site-wide defaults (no canonical address, no og:url: those are each page's
 * own). Every address in the head is absolute on the shop's public origin
 * (SITE_URL at build time).
 */
export const metadata: Metadata = {
  ...pageMetadata({ ...SITE_PAGES["/"], path: null }),
  metadataBase: new URL(siteOrigin()),
  title: { default: SITE_PAGES["/"].title, template: TITLE_TEMPLATE },
  applicationName: house.name,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#000000" };

/** The catalogue lists the header, menus and footer of every page show, and the house they name. */
const SHELL_KEYS = ["/menus", "/categories", "/house", "/pages"] as const;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <EarlyFetchScript />
      </head>
      <body>
        <SiteShell catalog={catalogFallback(SHELL_KEYS)}>{children}</SiteShell>
      </body>
    </html>
  );
}
