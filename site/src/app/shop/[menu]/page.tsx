import type { Metadata } from "next";
import { ShopMenuPage } from "@/ui/components/shop/shop-menu-page";

export const metadata: Metadata = { title: "Shop" };

/** One placeholder page serves every menu: the real name is read from the address. */
export function generateStaticParams() {
  return [{ menu: "_" }];
}

export default function Page() {
  return <ShopMenuPage />;
}
