import type { Metadata } from "next";
import { PLACEHOLDER } from "@/lib/first-paint/placeholder";
import { unknownMetadata } from "@/lib/seo/metadata";
import { RunwayDetail } from "@/ui/components/runway/runway-detail";

/** One placeholder page for every runway show: it reads the id from the address; `shopctl publish` writes each show's page from it at its own address, with its head and first paint. */
export function generateStaticParams() {
  return [PLACEHOLDER];
}

export const metadata: Metadata = unknownMetadata("Runway");

export default function Page() {
  return <RunwayDetail id={null} />;
}
