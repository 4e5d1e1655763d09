import type { Metadata } from "next";
import { PLACEHOLDER } from "@/lib/first-paint/placeholder";
import { unknownMetadata } from "@/lib/seo/metadata";
import { NewsDetail } from "@/ui/components/news/news-detail";

/** One placeholder page for every article: it reads the id from the address; `shopctl publish` writes each article's page from it at its own address, with its head and first paint. */
export function generateStaticParams() {
  return [PLACEHOLDER];
}

export const metadata: Metadata = unknownMetadata("News");

export default function Page() {
  return <NewsDetail />;
}
