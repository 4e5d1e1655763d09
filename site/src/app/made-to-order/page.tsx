import type { Metadata } from "next";
import { MadeToOrderPage } from "@/ui/components/pages/made-to-order-page";

export const metadata: Metadata = { title: "Made to order" };

export default function Page() {
  return <MadeToOrderPage />;
}
