import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { isActive, sortByOrder } from "@/lib/rules/catalog";
import { builtBanners, origin } from "@/lib/seo/catalog";
import { organizationLd } from "@/lib/seo/json-ld";
import { JsonLdScript } from "@/lib/seo/json-ld-script";
import { pageMetadata, pictureOf } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { HomePage } from "@/ui/components/home/home-page";

/** Everything the home page shows comes with its HTML (SWR revalidates it on mount). */
const HOME_KEYS = ["/banners", "/runways/featured", "/runways", "/products", "/news"] as const;

/** The home page's preview is its first banner. */
export const metadata: Metadata = pageMetadata({
  ...SITE_PAGES["/"],
  path: "/",
  absoluteTitle: true,
  image: pictureOf(sortByOrder(builtBanners().filter(isActive))[0]?.imageUrl, "banner", SITE_PAGES["/"].title),
});

export default function Page() {
  return (
    <>
      <CatalogFallback fallback={catalogFallback(HOME_KEYS)}>
        <HomePage />
      </CatalogFallback>
      <JsonLdScript data={organizationLd(origin)} />
    </>
  );
}
