import type { Metadata } from "next";
import { detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { RunwayDetail } from "@/ui/components/runway/runway-detail";

export const metadata: Metadata = { title: "Runway" };

/** A page per runway show known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/runways", "show");
}

export default async function Page(props: DetailPageProps) {
  return detailPage(props, (id) => detailFallback(detailKey("/runways", id)), (id) => <RunwayDetail id={id} />);
}
