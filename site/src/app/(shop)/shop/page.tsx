import type { Metadata } from "next";
import { ShopList } from "@/ui/components/shop/shop-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/shop/");

export default function ShopPage() {
  return <ShopList menu={null} />;
}
