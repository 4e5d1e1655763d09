import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "@fontsource/jost/300.css";
import "@fontsource/jost/400.css";
import "@fontsource/jost/500.css";
import "@/ui/styles/base.css";
import "@/ui/styles/layout.css";
import "@/ui/styles/components.css";
import { EarlyFetchScript } from "@/lib/early-fetch/early-fetch-script";
import { FirstPaintScript } from "@/lib/first-paint/first-paint-script";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { SiteShell } from "@/ui/components/layout/site-shell";

/**
 * The templates' site-wide head: a title alone. Each published page's head
 * (the house's name, description, canonical, Open Graph, JSON-LD, all on the
 * shop's public origin) is written by `shopctl publish`.
 */
export const metadata: Metadata = pageMetadata(SITE_PAGES["/"]);

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#000000" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <EarlyFetchScript />
      </head>
      <body>
        <FirstPaintScript />
        <SiteShell>{children}</SiteShell>
      </body>
    </html>
  );
}
