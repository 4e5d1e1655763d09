import type { Metadata } from "next";
import { NewsList } from "@/ui/components/news/news-list";

export const metadata: Metadata = { title: "News" };

export default function Page() {
  return <NewsList />;
}
