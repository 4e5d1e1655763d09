"use client";
/** Everything around a page: header, panels, toasts, scroll behaviour and footer. */
import { Suspense, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { SWRConfig } from "swr";
import { AccountPanel } from "./account-panel";
import { BagPanel } from "./bag-panel";
import { Footer } from "./footer";
import { Header } from "./header";
import { PanelsProvider } from "./panels";
import { RouteScroll } from "./route-scroll";
import { ScrollToTop } from "./scroll-to-top";
import { SearchPanel } from "./search-panel";
import { SidebarMenu } from "./sidebar-menu";
import { TOAST_MS } from "@/ui/components/common/notify";

/** `catalog`: the build-time catalogue lists the shell shows (SWR fallback data, see lib/catalog-snapshot). */
export function SiteShell({ catalog, children }: { catalog: Record<string, unknown>; children: ReactNode }) {
  return (
    <SWRConfig value={{ fallback: catalog }}>
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
        <SearchPanel />
        <AccountPanel />
        <BagPanel />
        <ScrollToTop />
        <Suspense fallback={null}>
          <RouteScroll />
        </Suspense>
        <ToastContainer position="top-right" autoClose={TOAST_MS} theme="dark" newestOnTop />
      </PanelsProvider>
    </SWRConfig>
  );
}
