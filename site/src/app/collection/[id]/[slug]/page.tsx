import type { Metadata } from "next";
import { unstable_serialize } from "swr";
import { builtId, detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { isActive } from "@/lib/rules/catalog";
import { builtCollection, origin } from "@/lib/seo/catalog";
import { collectionCrumbs } from "@/lib/seo/crumbs";
import { breadcrumbLd } from "@/lib/seo/json-ld";
import { JsonLdScript } from "@/lib/seo/json-ld-script";
import { collectionMetadata } from "@/lib/seo/metadata";
import { collectionKey } from "@/lib/hooks/collection-key";
import { CollectionPage } from "@/ui/components/collection/collection-page";

/**
 * A page per collection known at build time, and one placeholder for the
 * others (by id, or by slug from a menu url): it reads them from the address.
 */
export function generateStaticParams() {
  return detailParams("/collections", "collection");
}

export async function generateMetadata({ params }: DetailPageProps): Promise<Metadata> {
  const id = builtId((await params).id);
  return collectionMetadata(id ? builtCollection(id) : undefined);
}

export default async function Page(props: DetailPageProps) {
  const id = builtId((await props.params).id);
  const collection = id ? builtCollection(id) : undefined;
  return (
    <>
      {await detailPage(
        props,
        (id) => detailFallback(detailKey("/collections", id), unstable_serialize(collectionKey(id))),
        (id) => <CollectionPage id={id} />,
      )}
      {collection && isActive(collection) && <JsonLdScript data={breadcrumbLd(collectionCrumbs(collection), origin)} />}
    </>
  );
}
