import type { Metadata } from "next";
import { ShopList } from "@/ui/components/shop/shop-list";

export const metadata: Metadata = { title: "All products" };

export default function ShopPage() {
  return <ShopList menu={null} />;
}
