"use client";
/** The footer: shop, support and collection links, contact details, social links, address and the copyright of the shopper's current year. */
import Link from "next/link";
import { house } from "@/config/house";
import { useMenus } from "@/lib/hooks/use-catalog";
import { useCurrentYear } from "@/lib/hooks/use-current-year";
import { Logo } from "./logo";
import { MenuEntry } from "./menu-entry";
import { GENERAL_LINKS, SHOP_LINKS, SUPPORT_LINKS } from "./sidebar-menu";

export function Footer() {
  const { items: menus } = useMenus();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <Logo inverted />
          <p className="footer__address">
            {house.address.street}
            <br />
            {house.address.city}, {house.address.country}
          </p>
        </div>
        <nav aria-label="Shop" className="footer__col">
          <h2 className="footer__heading">Shop</h2>
          <ul>
            {SHOP_LINKS.slice(0, 5).map((l) => (
              <li key={l.href}>
                <Link href={l.href} prefetch={false}>{l.label}</Link>
              </li>
            ))}
            {menus.map((m) => (
              <li key={m.id}>
                <MenuEntry menu={m} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Support" className="footer__col">
          <h2 className="footer__heading">Support</h2>
          <ul>
            {[...SUPPORT_LINKS, ...GENERAL_LINKS].map((l) => (
              <li key={l.href}>
                <Link href={l.href} prefetch={false}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__col">
          <h2 className="footer__heading">Contact</h2>
          <ul>
            <li>
              <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>
            </li>
            <li>
              <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
            </li>
            <li>{house.supportHours}</li>
          </ul>
          <ul className="footer__social">
            <li>
              <a href={house.social.facebook} rel="noopener noreferrer" target="_blank">Facebook</a>
            </li>
            <li>
              <a href={house.social.instagram} rel="noopener noreferrer" target="_blank">Instagram</a>
            </li>
            <li>
              <a href={house.social.whatsapp} rel="noopener noreferrer" target="_blank">WhatsApp</a>
            </li>
            <li>
              <a href={house.social.youtube} rel="noopener noreferrer" target="_blank">YouTube</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="footer__copy">© {useCurrentYear()} {house.name}. All rights reserved.</p>
    </footer>
  );
}
