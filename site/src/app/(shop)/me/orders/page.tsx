import type { Metadata } from "next";
import { MyOrders } from "@/ui/components/account/my-orders";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/me/orders/");

export default function MyOrdersPage() {
  return <MyOrders />;
}
