import type { Metadata } from "next";
import { CollectionPage } from "@/ui/components/collection/collection-page";

export const metadata: Metadata = { title: "Collection" };

/** One placeholder page serves every collection (by id, or by slug from a menu url). */
export function generateStaticParams() {
  return [{ id: "_", slug: "_" }];
}

export default function Page() {
  return <CollectionPage />;
}
