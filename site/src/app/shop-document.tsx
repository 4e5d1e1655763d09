import type { ReactNode } from "react";
import "@fontsource/jost/300.css";
import "@fontsource/jost/400.css";
import "@fontsource/jost/500.css";
import "@/ui/styles/base.css";
// Each component folder's styles, in the order the cascade wants: the page
// frame, then shared controls before the features that build on them.
import "@/ui/components/layout/layout.css";
import "@/ui/components/common/controls.css";
import "@/ui/components/common/fields.css";
import "@/ui/components/layout/panels.css";
import "@/ui/components/product/product-grid.css";
import "@/ui/components/shop/shop-filters.css";
import "@/ui/components/common/carousel.css";
import "@/ui/components/product/product-detail.css";
import "@/ui/components/common/modal.css";
import "@/ui/components/home/home.css";
import "@/ui/components/runway/runway.css";
import "@/ui/components/pages/pages.css";
import "@/ui/components/common/toasts.css";
import "@/ui/components/auth/auth.css";
import "@/ui/components/account/account.css";
import "@/ui/components/layout/bag.css";
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
