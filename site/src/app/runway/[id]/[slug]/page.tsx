import type { Metadata } from "next";
import { builtId, detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { isActive } from "@/lib/rules/catalog";
import { builtRunway, origin } from "@/lib/seo/catalog";
import { runwayCrumbs } from "@/lib/seo/crumbs";
import { breadcrumbLd, runwayVideosLd } from "@/lib/seo/json-ld";
import { JsonLdScript } from "@/lib/seo/json-ld-script";
import { runwayMetadata } from "@/lib/seo/metadata";
import { RunwayDetail } from "@/ui/components/runway/runway-detail";

/** A page per runway show known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/runways", "show");
}

export async function generateMetadata({ params }: DetailPageProps): Promise<Metadata> {
  const id = builtId((await params).id);
  return runwayMetadata(id ? builtRunway(id) : undefined);
}

export default async function Page(props: DetailPageProps) {
  const id = builtId((await props.params).id);
  const runway = id ? builtRunway(id) : undefined;
  return (
    <>
      {await detailPage(props, (id) => detailFallback(detailKey("/runways", id)), (id) => <RunwayDetail id={id} />)}
      {runway && isActive(runway) && <JsonLdScript data={[...runwayVideosLd(runway, origin), breadcrumbLd(runwayCrumbs(runway), origin)]} />}
    </>
  );
}
