"use client";
/** The account area: sidebar (My Account, My Orders, Wishlist, Addresses; help links; LOG OUT) beside the tab. */
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { logout } from "@/lib/hooks/use-auth";
import { SessionGuard } from "./session-guard";

export const ACCOUNT_TABS = [
  { href: "/me/account/", label: "My Account" },
  { href: "/me/orders/", label: "My Orders" },
  { href: "/me/wishlist/", label: "Wishlist" },
  { href: "/me/addresses/", label: "Addresses" },
];

const HELP = [
  { href: "/support/contact/", label: "Contact Us" },
  { href: "/privacy-policy/", label: "Privacy Policy" },
  { href: "/terms-and-conditions/", label: "Terms and Conditions" },
];

export function AccountLayout({ children }: { children: ReactNode }) {
  const pathname = usePathname() || "";
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return (
    <SessionGuard>
      <div className="container section account">
        <aside className="account__side" aria-label="Account">
          <nav>
            <ul className="account__tabs">
              {ACCOUNT_TABS.map((t, i) => (
                <li key={t.href}>
                  <Link href={t.href} aria-current={path === t.href ? "page" : undefined} data-tab={i}>
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account__help">
            <p className="field__label">Need help?</p>
            <ul>
              {HELP.map((h) => (
                <li key={h.href}>
                  <Link href={h.href}>{h.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="button button--outline account__logout" onClick={() => void logout()}>
            LOG OUT
          </button>
        </aside>
        <section className="account__main">{children}</section>
      </div>
    </SessionGuard>
  );
}
