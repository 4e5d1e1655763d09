import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "@fontsource/jost/300.css";
import "@fontsource/jost/400.css";
import "@fontsource/jost/500.css";
import "@/ui/styles/base.css";
import "@/ui/styles/layout.css";
import "@/ui/styles/components.css";
import { house } from "@/config/house";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { EarlyFetchScript } from "@/lib/early-fetch/early-fetch-script";
import { SiteShell } from "@/ui/components/layout/site-shell";

export const metadata: Metadata = {
  title: { default: `${house.name} — ${house.tagline}`, template: `%s — ${house.name}` },
  description: `${house.name}: couture, made-to-order and runway collections from ${house.address.city}.`,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#000000" };

/** The catalogue lists the header, menus and footer of every page show. */
const SHELL_KEYS = ["/menus", "/categories"] as const;

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
