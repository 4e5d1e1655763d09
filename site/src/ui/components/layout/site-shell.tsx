"use client";
/** Everything around a page: header, panels, toasts, scroll behaviour and footer. */
import dynamic from "next/dynamic";
import { Suspense, useEffect, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { useFirstPaint } from "@/lib/first-paint/first-paint";
import { useSitePageTitle } from "@/lib/seo/use-page-meta";
import { useToastsWanted } from "@/ui/components/common/notify";
import { Footer } from "./footer";
import { Header } from "./header";
import { OpenedOnce, PanelsProvider } from "./panels";
import { RouteScroll } from "./route-scroll";
import { ScrollToTop } from "./scroll-to-top";
import { SidebarMenu } from "./sidebar-menu";

// Closed when a page loads: their code (the login form, the bag, the toasts)
// loads when first needed, so no page pays for it before it is interactive.
const SearchPanel = dynamic(() => import("./search-panel").then((m) => m.SearchPanel), { ssr: false });
const AccountPanel = dynamic(() => import("./account-panel").then((m) => m.AccountPanel), { ssr: false });
const BagPanel = dynamic(() => import("./bag-panel").then((m) => m.BagPanel), { ssr: false });
const Toasts = dynamic(() => import("@/ui/components/common/toasts"), { ssr: false });

/** The page's first paint (its published catalogue data) is every hook's SWR fallback, from the render after hydration on. */
export function SiteShell({ children }: { children: ReactNode }) {
  const toasts = useToastsWanted();
  const fallback = useFirstPaint();
  // The page is interactive once this runs (after every child's effects): a tap on the
  // pre-rendered HTML before then does nothing, so the journeys wait for the mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <SWRConfig value={{ fallback }}>
      <PanelsProvider>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header />
        <main id="main" className="main">
          {children}
        </main>
        <Footer />
        <SidebarMenu />
        <OpenedOnce name="search">
          <SearchPanel />
        </OpenedOnce>
        <OpenedOnce name="account">
          <AccountPanel />
        </OpenedOnce>
        <OpenedOnce name="bag">
          <BagPanel />
        </OpenedOnce>
        <ScrollToTop />
        <Suspense fallback={null}>
          <RouteScroll />
        </Suspense>
        {toasts && <Toasts />}
        <SitePageTitle />
      </PanelsProvider>
    </SWRConfig>
  );
}

/** The site page's title names the house after a client-side navigation too. */
function SitePageTitle() {
  useSitePageTitle();
  return null;
}
