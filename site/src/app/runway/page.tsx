import type { Metadata } from "next";
import { RunwayList } from "@/ui/components/runway/runway-list";

export const metadata: Metadata = { title: "Runway" };

export default function Page() {
  return <RunwayList />;
}
