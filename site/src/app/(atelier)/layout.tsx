import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
// The console's styles are its own, but for what it draws alike with the shop (styles/shared.css,
// which atelier.css and shop.css each import first). Next makes that file a chunk of its own, first in
// both roots' styles; its rules give no property that another rule of theirs gives on equal terms,
// so their order could not change what either draws.
import "@/ui/components/atelier/atelier.css";
import { FirstPaintScript } from "@/lib/first-paint/first-paint-script";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { AtelierShell } from "@/ui/components/atelier/atelier-shell";

/**
 * The atelier console's root layout: the house's back office, a document of
 * its own (none of the shop's frame, styles or scripts). The first-paint
 * script is there because `shopctl publish` fills every exported page's.
 */
export const metadata: Metadata = pageMetadata(SITE_PAGES["/atelier/"]);

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#000000" };

export default function AtelierLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <FirstPaintScript />
        <AtelierShell>{children}</AtelierShell>
      </body>
    </html>
  );
}
