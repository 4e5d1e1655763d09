"use client";
/**
 * The account icon's panel: WELCOME for a signed-in shopper, else LOGIN.
 * The sign-in form itself (and sign-up, account, checkout) belong to the
 * accounts release; this panel is where it plugs in (`LoginPanelBody`).
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import type { Profile } from "@/lib/api/types";
import { fetchProfile } from "@/lib/hooks/use-session";
import { welcomeName } from "@/lib/rules/names";
import { Drawer } from "./drawer";
import { usePanels } from "./panels";

function LoginPanelBody({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div className="account-panel">
      <h2 className="panel-title">LOGIN</h2>
      <p className="muted">Sign in to follow your orders, keep a wishlist and check out faster.</p>
      <div className="account-panel__links">
        <Link className="button button--block" href="/sign-up/" onClick={onNavigate}>
          Create account
        </Link>
        <Link className="text-link" href="/forget-password/" onClick={onNavigate}>
          Forget your password?
        </Link>
      </div>
    </div>
  );
}

function WelcomePanelBody({ profile, onNavigate }: { profile: Profile; onNavigate: () => void }) {
  return (
    <div className="account-panel">
      <h2 className="panel-title">WELCOME, {welcomeName(profile.email)}</h2>
      <p className="muted">Review your orders, manage your addresses and change your password from your account.</p>
      <Link className="button button--block" href="/me/account/" onClick={onNavigate}>
        GO TO MY ACCOUNT
      </Link>
    </div>
  );
}

export function AccountPanel() {
  const { open, close } = usePanels();
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const isOpen = open === "account";

  // Asked fresh each time the panel opens: a session may have started or ended in another tab.
  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    setProfile(undefined);
    fetchProfile().then((p) => live && setProfile(p));
    return () => {
      live = false;
    };
  }, [isOpen]);

  return (
    <Drawer open={isOpen} side="right" label="Account" onClose={close}>
      {profile === undefined ? (
        <p className="muted account-panel">Loading...</p>
      ) : profile ? (
        <WelcomePanelBody profile={profile} onNavigate={close} />
      ) : (
        <LoginPanelBody onNavigate={close} />
      )}
    </Drawer>
  );
}
