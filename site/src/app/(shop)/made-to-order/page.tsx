import type { Metadata } from "next";
import { MadeToOrderPage } from "@/ui/components/pages/made-to-order-page";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/made-to-order/");

export default function Page() {
  return <MadeToOrderPage />;
}
