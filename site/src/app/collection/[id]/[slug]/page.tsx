import type { Metadata } from "next";
import { unstable_serialize } from "swr";
import { detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { collectionKey } from "@/ui/components/collection/collection-key";
import { CollectionPage } from "@/ui/components/collection/collection-page";

export const metadata: Metadata = { title: "Collection" };

/**
 * A page per collection known at build time, and one placeholder for the
 * others (by id, or by slug from a menu url): it reads them from the address.
 */
export function generateStaticParams() {
  return detailParams("/collections", "collection");
}

export default async function Page(props: DetailPageProps) {
  return detailPage(
    props,
    (id) => detailFallback(detailKey("/collections", id), unstable_serialize(collectionKey(id))),
    (id) => <CollectionPage id={id} />,
  );
}
