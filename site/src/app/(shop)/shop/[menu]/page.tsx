import type { Metadata } from "next";
import { unknownMetadata } from "@/lib/seo/metadata";
import { SHOP_MENUS, siteMetadata, type ShopMenu } from "@/lib/seo/pages";
import { ShopMenuPage } from "@/ui/components/shop/shop-menu-page";

interface Props {
  params: Promise<{ menu: string }>;
}

const isShopMenu = (menu: string): menu is ShopMenu => Object.hasOwn(SHOP_MENUS, menu);

/**
 * A page per menu of the sidebar (so each has its own published head), and
 * one placeholder for any other (a category's name): the real name is read from the address.
 */
export function generateStaticParams() {
  return [{ menu: "_" }, ...Object.keys(SHOP_MENUS).map((menu) => ({ menu }))];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { menu } = await params;
  return isShopMenu(menu) ? siteMetadata(`/shop/${menu}/` as const) : unknownMetadata("Shop");
}

export default function Page() {
  return <ShopMenuPage />;
}
