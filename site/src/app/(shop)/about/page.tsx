import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { AboutPage } from "@/ui/components/pages/about-page";

export const metadata: Metadata = siteMetadata("/about/");

export default function Page() {
  return <AboutPage />;
}
