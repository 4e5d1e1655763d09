"use client";
/**
 * The header: logo home; search, cart, account and menu icons. Black on the
 * pages with a black header (home, collection, runway, about, contact), white
 * elsewhere, the logo inverted to match. A scroll flag turns on past 300 px;
 * the home header sticks after 200 px. While a panel is open the header stays
 * above its backdrop, so the icon that opened it closes it.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { BagIcon, MenuIcon, SearchIcon, UserIcon } from "@/ui/components/common/icons";
import { Logo } from "./logo";
import { usePanels, type PanelName } from "./panels";

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

/** A header icon that opens its panel and, above the panel's backdrop, closes it again. */
function PanelIcon({ panel, label, children }: { panel: PanelName; label: string; children: ReactNode }) {
  const { open, toggle } = usePanels();
  return (
    <button type="button" className="icon-button" aria-label={label} aria-expanded={open === panel} onClick={() => toggle(panel)}>
      {children}
    </button>
  );
}

export function Header() {
  const pathname = usePathname() || "/";
  const { open } = usePanels();
  const y = useScrollY();
  const home = pathname === "/";
  const dark = isDarkHeader(pathname);
  const scrolled = y > SCROLL_FLAG_PX;
  const stuck = home && y > HOME_STICKY_PX;

  // Over an open panel's backdrop, so the icon that opened a panel stays there to close it.
  const overPanel = open !== null;
  const classes = [
    "header",
    dark ? "header--dark" : "header--light",
    home ? "header--home" : "",
    stuck ? "header--stuck" : "",
    scrolled ? "header--scrolled" : "",
    overPanel ? "header--over-panel" : "",
  ];
  return (
    <header className={classes.filter(Boolean).join(" ")} data-scrolled={scrolled}>
      <div className="header__inner">
        <div className="header__side">
          <PanelIcon panel="menu" label="Open menu">
            <MenuIcon />
          </PanelIcon>
          <PanelIcon panel="search" label="Search">
            <SearchIcon />
          </PanelIcon>
        </div>
        <Link href="/" className="header__logo">
          <Logo inverted={dark} />
        </Link>
        <div className="header__side header__side--end">
          <PanelIcon panel="account" label="Account">
            <UserIcon />
          </PanelIcon>
          <PanelIcon panel="bag" label="Shopping bag">
            <BagIcon />
          </PanelIcon>
        </div>
      </div>
    </header>
  );
}
