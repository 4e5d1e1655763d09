import type { Metadata } from "next";
import { MyOrders } from "@/ui/components/account/my-orders";

export const metadata: Metadata = { title: "My Orders" };

export default function MyOrdersPage() {
  return <MyOrders />;
}
