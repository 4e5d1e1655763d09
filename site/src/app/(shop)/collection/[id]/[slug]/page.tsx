import type { Metadata } from "next";
import { PLACEHOLDER } from "@/lib/first-paint/placeholder";
import { unknownMetadata } from "@/lib/seo/metadata";
import { CollectionPage } from "@/ui/components/collection/collection-page";

/**
 * One placeholder page for every collection (by id, or by slug from a menu
 * url): it reads them from the address; `shopctl publish` writes each
 * collection's page from it at its own address, with its head and first paint.
 */
export function generateStaticParams() {
  return [PLACEHOLDER];
}

export const metadata: Metadata = unknownMetadata("Collection");

export default function Page() {
  return <CollectionPage id={null} />;
}
