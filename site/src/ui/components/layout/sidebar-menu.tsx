"use client";
/** The sidebar menu: fixed shop links (without the sections the house has nothing in), the server's active menus by order, general and support links. */
import Link from "next/link";
import { house } from "@/config/house";
import { useEmptySections, useMenus } from "@/lib/hooks/use-catalog";
import { Drawer } from "./drawer";
import { MenuEntry } from "./menu-entry";
import { usePanels } from "./panels";

export const SHOP_LINKS = [
  { href: "/shop/new-arrivals/", label: "New Arrivals" },
  { href: "/shop/women/", label: "Women" },
  { href: "/shop/men/", label: "Men" },
  { href: "/shop/", label: "All Products" },
  { href: "/made-to-order/", label: "Made To Order" },
  { href: "/runway/", label: "Runway" },
  { href: "/about/", label: "About" },
  { href: "/news/", label: "News" },
];

export const GENERAL_LINKS = [
  { href: "/privacy-policy/", label: "Privacy Policy" },
  { href: "/terms-and-conditions/", label: "Terms & Conditions" },
];

export const SUPPORT_LINKS = [
  { href: "/me/orders/", label: "My Orders" },
  { href: "/support/contact/", label: "Contact" },
  { href: "/support/faq/", label: "FAQ" },
];

export function SidebarMenu() {
  const { open, close } = usePanels();
  const { items: menus } = useMenus();
  const empty = useEmptySections(open === "menu");
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
        <ul className="sidebar__group sidebar__group--primary">{SHOP_LINKS.filter((l) => !empty.includes(l.href)).map((l) => item(l.href, l.label))}</ul>
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
        <div className="sidebar__block">
          <h2 className="sidebar__heading">The House</h2>
          <ul className="sidebar__group">{GENERAL_LINKS.map((l) => item(l.href, l.label))}</ul>
        </div>
        <div className="sidebar__block">
          <h2 className="sidebar__heading">Support</h2>
          <ul className="sidebar__group">{SUPPORT_LINKS.map((l) => item(l.href, l.label))}</ul>
          <p className="sidebar__note">
            {house.phone.display}
            <br />
            {house.supportHours}
          </p>
        </div>
      </nav>
    </Drawer>
  );
}
