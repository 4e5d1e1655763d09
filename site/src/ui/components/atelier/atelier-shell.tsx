"use client";
/**
 * The atelier console's frame (not the shop's: no header, footer or bag): a
 * side navigation, the member's name and Sign out. Without a session (or once
 * a call answers 401) every console page is the sign-in page; the enrolment
 * page, reached from an invitation's link, needs none.
 */
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { atelier, onSignedOut } from "@/lib/atelier/client";
import { goToConsoleAddress } from "@/lib/atelier/console-origin";
import type { OrderQueue, StaffView } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { notify, useToastsWanted } from "@/ui/components/common/notify";
import { Loading } from "./load-state";
import { SignIn } from "./sign-in";

const Toasts = dynamic(() => import("@/ui/components/common/toasts"), { ssr: false });

export function AtelierShell({ children }: { children: ReactNode }) {
  const toasts = useToastsWanted();
  useEffect(() => {
    goToConsoleAddress(window.location);
    // The page is interactive once this runs: the journeys wait for the mark.
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Signed>{children}</Signed>
      {toasts && <Toasts />}
    </SWRConfig>
  );
}

/**
 * The page for a signed-in member; the sign-in page for anyone else. Until
 * the member is known (so in the exported HTML too: the first paint) the frame
 * stands, with the links every member has and the page loading.
 */
function Signed({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "";
  const me = useAtelier<StaffView>("/me");
  const { mutate } = me;
  // Forgotten, not asked again: the 401 was the answer (asking /me again would only answer it once more).
  useEffect(() => onSignedOut(() => void mutate(undefined, { revalidate: false })), [mutate]);
  const enrolling = pathname.startsWith("/atelier/enrol");
  if (enrolling || (!me.data && !me.isLoading)) {
    return (
      <main id="main" className="atelier-main atelier-main--alone">
        {enrolling ? children : <SignIn onSignedIn={(staff) => void mutate(staff, { revalidate: false })} />}
      </main>
    );
  }
  return (
    <div className="atelier">
      <SideNav me={me.data} onSignedOut={() => void mutate(undefined, { revalidate: false })} />
      <main id="main" className="atelier-main">
        {me.data ? children : <Loading />}
      </main>
    </div>
  );
}

const LINKS = [
  { href: "/atelier/orders/", label: "Orders" },
  { href: "/atelier/payments/", label: "Payments" },
  { href: "/atelier/requests/", label: "Requests" },
] as const;

const OWNER_LINKS = [
  { href: "/atelier/staff/", label: "Staff" },
  { href: "/atelier/audit/", label: "Audit" },
] as const;

/** The member's pages, the orders' counts, their name and Sign out; while the member is not yet known, the links every member has. */
function SideNav({ me, onSignedOut }: { me: StaffView | undefined; onSignedOut: () => void }) {
  const pathname = usePathname() ?? "";
  const router = useRouter();
  const queue = useAtelier<OrderQueue>(me ? "/orders" : null);
  const counts = queue.data?.counts;
  const links = me?.role === "owner" ? [...LINKS, ...OWNER_LINKS] : LINKS;
  const signOut = async () => {
    try {
      await atelier.post("/sign-out");
    } catch (e) {
      if (e instanceof Error) notify.show(e.message, "error");
    }
    onSignedOut();
    router.push("/atelier/");
  };
  return (
    <nav className="atelier-nav" aria-label="Atelier">
      <p className="atelier-nav__house">Atelier</p>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} aria-current={pathname.startsWith(l.href) ? "page" : undefined}>
              {l.label}
            </Link>
            {l.href === "/atelier/orders/" && counts && (
              <span className="atelier-nav__counts">
                {counts.awaitingConfirmation} to confirm · {counts.confirmed} confirmed
              </span>
            )}
          </li>
        ))}
      </ul>
      {me && (
        <div className="atelier-nav__me">
          <p>
            {me.name}
            <span className="atelier-muted"> · {me.role}</span>
          </p>
          <button type="button" className="atelier-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      )}
    </nav>
  );
}
