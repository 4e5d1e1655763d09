"use client";
import { useRouteSegments } from "@/lib/hooks/use-route-segments";
import { ShopList } from "./shop-list";

/** /shop/{menu}: the menu comes from the real address (the export's param is a placeholder). */
export function ShopMenuPage() {
  const segments = useRouteSegments("/shop/");
  if (segments === null) return <div className="container section loading" aria-busy="true" />;
  const [menu] = segments;
  return <ShopList key={menu ?? ""} menu={menu ?? null} />;
}
