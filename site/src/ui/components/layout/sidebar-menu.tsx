"use client";
/** The sidebar menu: fixed shop links (without the sections the house has nothing in), the server's active menus by order, general and support links. */
import Link from "next/link";
import type { PageId } from "@/lib/api/types";
import { useHouse, usePageIds } from "@/lib/hooks/use-house";
import { useEmptySections, useMenus } from "@/lib/hooks/use-catalog";
import { Drawer } from "./drawer";
import { MenuEntry } from "./menu-entry";
import { usePanels } from "./panels";

/** A fixed link; one to a page of the house shows only when the house gives that page. */
export interface FixedLink {
  href: string;
  label: string;
  page?: PageId;
}

export const SHOP_LINKS: FixedLink[] = [
  { href: "/shop/new-arrivals/", label: "New Arrivals" },
  { href: "/shop/women/", label: "Women" },
  { href: "/shop/men/", label: "Men" },
  { href: "/shop/", label: "All Products" },
  { href: "/made-to-order/", label: "Made To Order", page: "made-to-order" },
  { href: "/runway/", label: "Runway" },
  { href: "/about/", label: "About", page: "about" },
  { href: "/news/", label: "News" },
];

export const GENERAL_LINKS: FixedLink[] = [
  { href: "/privacy-policy/", label: "Privacy Policy", page: "privacy" },
  { href: "/terms-and-conditions/", label: "Terms & Conditions", page: "terms" },
];

export const SUPPORT_LINKS: FixedLink[] = [
  { href: "/me/orders/", label: "My Orders" },
  { href: "/support/contact/", label: "Contact", page: "contact" },
  { href: "/support/faq/", label: "FAQ", page: "faq" },
];

/** The fixed links to show: those to pages the house does not give are left out. */
export function useFixedLinks(links: FixedLink[]): FixedLink[] {
  const { ids } = usePageIds();
  return links.filter((l) => !l.page || ids.has(l.page));
}

export function SidebarMenu() {
  const { open, close } = usePanels();
  const { items: menus } = useMenus();
  const empty = useEmptySections(open === "menu");
  const { house } = useHouse();
  const [shop, general, support] = [useFixedLinks(SHOP_LINKS), useFixedLinks(GENERAL_LINKS), useFixedLinks(SUPPORT_LINKS)];
  const item = (href: string, label: string) => (
    <li key={href + label}>
      <Link href={href} onClick={close} prefetch={false}>
        {label}
      </Link>
    </li>
  );
  return (
    <Drawer open={open === "menu"} side="left" label="Menu" onClose={close}>
      <nav className="sidebar" aria-label="Sidebar">
        <ul className="sidebar__group sidebar__group--primary">{shop.filter((l) => !empty.includes(l.href)).map((l) => item(l.href, l.label))}</ul>
        {menus.length > 0 && (
          <div className="sidebar__block">
            <h2 className="sidebar__heading">Collections</h2>
            <ul className="sidebar__group">
              {menus.map((m) => (
                <li key={m.id}>
                  <MenuEntry menu={m} onClick={close} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {general.length > 0 && (
          <div className="sidebar__block">
            <h2 className="sidebar__heading">The House</h2>
            <ul className="sidebar__group">{general.map((l) => item(l.href, l.label))}</ul>
          </div>
        )}
        <div className="sidebar__block">
          <h2 className="sidebar__heading">Support</h2>
          <ul className="sidebar__group">{support.map((l) => item(l.href, l.label))}</ul>
          {house && (house.phone.display || house.hours) && (
            <p className="sidebar__note">
              {house.phone.display}
              {house.phone.display && house.hours && <br />}
              {house.hours}
            </p>
          )}
        </div>
      </nav>
    </Drawer>
  );
}
