import type { MetadataRoute } from "next";
import { origin } from "@/lib/seo/catalog";
import { robotsRules } from "@/lib/seo/sitemap";

export const dynamic = "force-static";

export default function robots(): MetadataRoute.Robots {
  return robotsRules(origin);
}
