import type { MetadataRoute } from "next";
import { origin, sitemapCatalog } from "@/lib/seo/catalog";
import { sitemapEntries } from "@/lib/seo/sitemap";

export const dynamic = "force-static";

/** Every page of the build-time catalogue and the site's public pages. */
export default function sitemap(): MetadataRoute.Sitemap {
  return sitemapEntries(sitemapCatalog(), origin);
}
