import type { ReactNode } from "react";
import "@fontsource/jost/300.css";
import "@fontsource/jost/400.css";
import "@fontsource/jost/500.css";
import "@/ui/styles/shop.css";
import { EarlyFetchScript } from "@/lib/early-fetch/early-fetch-script";
import { FirstPaintScript } from "@/lib/first-paint/first-paint-script";
import { SiteShell } from "@/ui/components/layout/site-shell";

/**
 * A shop page's document: its styles, the two scripts `shopctl publish` fills
 * (the early fetch, the first paint) and the shop's frame. The shop's layout
 * and the not-found page (a document of its own) are this.
 */
export function ShopDocument({ children }: { children: ReactNode }) {
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
