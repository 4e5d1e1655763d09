"use client";
/** The footer: shop, support and collection links, the house's contact details, social links and address, and the copyright of the shopper's current year. */
import Link from "next/link";
import { useEmptySections, useMenus } from "@/lib/hooks/use-catalog";
import { useCurrentYear } from "@/lib/hooks/use-current-year";
import { useHouse } from "@/lib/hooks/use-house";
import type { House } from "@/lib/api/types";
import { Logo } from "./logo";
import { MenuEntry } from "./menu-entry";
import { GENERAL_LINKS, SHOP_LINKS, SUPPORT_LINKS, useFixedLinks } from "./sidebar-menu";

/** The social networks the footer links to, in order, by their names. */
const FOOTER_SOCIAL = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["whatsapp", "WhatsApp"],
  ["youtube", "YouTube"],
] as const;

export function Footer() {
  const { items: menus } = useMenus();
  const { house } = useHouse();
  const empty = useEmptySections(false);
  const shop = useFixedLinks(SHOP_LINKS.slice(0, 5)).filter((l) => !empty.includes(l.href));
  const support = useFixedLinks([...SUPPORT_LINKS, ...GENERAL_LINKS]);
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <Logo inverted />
          {house && <Address house={house} />}
        </div>
        <nav aria-label="Shop" className="footer__col">
          <h2 className="footer__heading">Shop</h2>
          <ul>
            {shop.map((l) => (
              <li key={l.href}>
                <Link href={l.href} prefetch={false}>
                  {l.label}
                </Link>
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
            {support.map((l) => (
              <li key={l.href}>
                <Link href={l.href} prefetch={false}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {house && <Contact house={house} />}
      </div>
      <p className="footer__copy">
        © {useCurrentYear()}
        {house?.copyright ? ` ${house.copyright}` : ""}. All rights reserved.
      </p>
    </footer>
  );
}

function Address({ house }: { house: House }) {
  const { street, city, country } = house.address;
  const place = [city, country].filter(Boolean).join(", ");
  return (
    <p className="footer__address">
      {street}
      {street && place && <br />}
      {place}
    </p>
  );
}

function Contact({ house }: { house: House }) {
  const social = FOOTER_SOCIAL.flatMap(([key, label]) => (house.social[key] ? [{ url: house.social[key], label }] : []));
  return (
    <div className="footer__col">
      <h2 className="footer__heading">Contact</h2>
      <ul>
        {house.phone.e164 && (
          <li>
            <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>
          </li>
        )}
        <li>
          <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
        </li>
        {house.hours && <li>{house.hours}</li>}
      </ul>
      {social.length > 0 && (
        <ul className="footer__social">
          {social.map(({ url, label }) => (
            <li key={label}>
              <a href={url} rel="noopener noreferrer" target="_blank">
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
