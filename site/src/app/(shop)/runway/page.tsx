import type { Metadata } from "next";
import { RunwayList } from "@/ui/components/runway/runway-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/runway/");

export default function Page() {
  return <RunwayList />;
}
