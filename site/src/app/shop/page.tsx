import type { Metadata } from "next";
import { preload } from "react-dom";
import { ShopList } from "@/ui/components/shop/shop-list";

export const metadata: Metadata = { title: "All products" };

export default function ShopPage() {
  preload("/api/products", { as: "fetch", crossOrigin: "use-credentials" });
  return <ShopList menu={null} />;
}
