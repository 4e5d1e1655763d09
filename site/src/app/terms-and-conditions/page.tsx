import type { Metadata } from "next";
import { Terms } from "@/ui/components/pages/legal";

export const metadata: Metadata = { title: "Terms and conditions" };

export default function Page() {
  return <Terms />;
}
