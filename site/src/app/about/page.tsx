import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { AboutPage } from "@/ui/components/pages/about-page";
import { HousePageFallback } from "@/ui/components/pages/house-page-fallback";

export const metadata: Metadata = siteMetadata("/about/");

export default function Page() {
  return (
    <HousePageFallback id="about">
      <AboutPage />
    </HousePageFallback>
  );
}
