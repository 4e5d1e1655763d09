import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/metadata";
import { NotFoundPage } from "@/ui/components/pages/not-found";
import { ShopDocument } from "@/app/shop-document";

/**
 * An address the site does not have (404.html), in the shop's frame. The site
 * has two root layouts, the shop's and the atelier console's, so the page
 * every unknown address gets is a document of its own. No address of its own
 * (Next adds its own robots noindex to this page).
 */
export const metadata: Metadata = pageMetadata({ title: "Page not found" });

export default function GlobalNotFound() {
  return (
    <ShopDocument>
      <NotFoundPage />
    </ShopDocument>
  );
}
