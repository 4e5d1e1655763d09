"use client";
/**
 * The header: logo home; search, cart, account and menu icons. Black on the
 * pages with a black header (home, collection, runway, about, contact), white
 * elsewhere, the logo inverted to match. A scroll flag turns on past 300 px;
 * the home header sticks after 200 px.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { BagIcon, MenuIcon, SearchIcon, UserIcon } from "@/ui/components/common/icons";
import { Logo } from "./logo";
import { usePanels } from "./panels";

export const SCROLL_FLAG_PX = 300;
export const HOME_STICKY_PX = 200;

const DARK_PREFIXES = ["/collection/", "/runway/", "/about/", "/support/contact/"];

export function isDarkHeader(pathname: string): boolean {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return path === "/" || DARK_PREFIXES.some((p) => path.startsWith(p));
}

function useScrollY(): number {
  const [y, setY] = useState(0);
  useEffect(() => {
    const onScroll = () => setY(window.scrollY);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return y;
}

export function Header() {
  const pathname = usePathname() || "/";
  const { open, toggle } = usePanels();
  const y = useScrollY();
  const home = pathname === "/";
  const dark = isDarkHeader(pathname);
  const scrolled = y > SCROLL_FLAG_PX;
  const stuck = home && y > HOME_STICKY_PX;

  // Over an open panel's backdrop, so the icon that opened a panel stays there to close it.
  const overPanel = open !== null;
  const classes = ["header", dark ? "header--dark" : "header--light", home ? "header--home" : "", stuck ? "header--stuck" : "", scrolled ? "header--scrolled" : "", overPanel ? "header--over-panel" : ""];
  return (
    <header className={classes.filter(Boolean).join(" ")} data-scrolled={scrolled}>
      <div className="header__inner">
        <div className="header__side">
          <button type="button" className="icon-button" aria-label="Open menu" aria-expanded={open === "menu"} onClick={() => toggle("menu")}>
            <MenuIcon />
          </button>
          <button type="button" className="icon-button" aria-label="Search" aria-expanded={open === "search"} onClick={() => toggle("search")}>
            <SearchIcon />
          </button>
        </div>
        <Link href="/" className="header__logo">
          <Logo inverted={dark} />
        </Link>
        <div className="header__side header__side--end">
          <button type="button" className="icon-button" aria-label="Account" aria-expanded={open === "account"} onClick={() => toggle("account")}>
            <UserIcon />
          </button>
          <button type="button" className="icon-button" aria-label="Shopping bag" aria-expanded={open === "bag"} onClick={() => toggle("bag")}>
            <BagIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
