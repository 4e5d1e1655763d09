import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { HomePage } from "@/ui/components/home/home-page";

/** Everything the home page shows comes with its HTML (SWR revalidates it on mount). */
const HOME_KEYS = ["/banners", "/runways/featured", "/runways", "/products", "/news"] as const;

export default function Page() {
  return (
    <CatalogFallback fallback={catalogFallback(HOME_KEYS)}>
      <HomePage />
    </CatalogFallback>
  );
}
