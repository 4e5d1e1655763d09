import type { Metadata } from "next";
import { MadeToOrderPage } from "@/ui/components/pages/made-to-order-page";
import { siteMetadata } from "@/lib/seo/pages";
import { HousePageFallback } from "@/ui/components/pages/house-page-fallback";

export const metadata: Metadata = siteMetadata("/made-to-order/");

export default function Page() {
  return (
    <HousePageFallback id="made-to-order">
      <MadeToOrderPage />
    </HousePageFallback>
  );
}
