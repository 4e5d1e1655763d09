import type { Metadata } from "next";
import { NewsDetail } from "@/ui/components/news/news-detail";

export const metadata: Metadata = { title: "News" };

export function generateStaticParams() {
  return [{ id: "_", slug: "_" }];
}

export default function Page() {
  return <NewsDetail />;
}
