import type { Metadata } from "next";
import { RunwayDetail } from "@/ui/components/runway/runway-detail";

export const metadata: Metadata = { title: "Runway" };

export function generateStaticParams() {
  return [{ id: "_", slug: "_" }];
}

export default function Page() {
  return <RunwayDetail />;
}
