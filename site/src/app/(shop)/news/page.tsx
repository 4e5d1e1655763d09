import type { Metadata } from "next";
import { NewsList } from "@/ui/components/news/news-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/news/");

export default function Page() {
  return <NewsList />;
}
