"use client";
/** The account icon's panel: WELCOME for a signed-in shopper, else LOGIN (from the server's `/auth/me`). */
import Link from "next/link";
import { useCallback } from "react";
import type { Profile } from "@/lib/api/types";
import { logout } from "@/lib/hooks/use-auth";
import { knownEmail, useSession } from "@/lib/hooks/use-session";
import { welcomeName } from "@/lib/rules/names";
import { LoginForm } from "@/ui/components/auth/login-form";
import { Drawer } from "./drawer";
import { usePanels } from "./panels";

function WelcomePanelBody({ profile, onNavigate }: { profile: Profile; onNavigate: () => void }) {
  return (
    <div className="account-panel">
      <h2 className="panel-title">WELCOME, {welcomeName(profile)}</h2>
      <p className="muted">From your account you can review your orders, manage your addresses and change your password.</p>
      <Link className="button button--block" href="/me/account/" onClick={onNavigate}>
        GO TO MY ACCOUNT
      </Link>
      <button type="button" className="text-link account-panel__logout" onClick={() => void logout()}>
        (Logout)
      </button>
    </div>
  );
}

export function AccountPanel() {
  const { open, close } = usePanels();
  const isOpen = open === "account";
  const { profile, isLoading } = useSession({ ask: isOpen });
  // A successful login reloads the page, which closes the panel.
  const onSignedIn = useCallback(() => {
    close();
    window.location.reload();
  }, [close]);

  return (
    <Drawer open={isOpen} side="right" label="Account" onClose={close}>
      {isLoading ? (
        <p className="muted account-panel">Loading...</p>
      ) : profile ? (
        <WelcomePanelBody profile={profile} onNavigate={close} />
      ) : (
        <div className="account-panel">
          <h2 className="panel-title">LOGIN</h2>
          <LoginForm email={knownEmail()} onNavigate={close} onSignedIn={onSignedIn} />
        </div>
      )}
    </Drawer>
  );
}
