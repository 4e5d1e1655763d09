"use client";
/**
 * My Account: the Profile box (name without diacritics, title, birthday as
 * MM/DD/YYYY) and the Email & Password box, each with its edit modal.
 */
import dynamic from "next/dynamic";
import { useState } from "react";
import { useSession } from "@/lib/hooks/use-session";
import { formatBirthday } from "@/lib/rules/birthday";
import { stripDiacritics } from "@/lib/rules/names";

export { PROFILE_MSG } from "./profile-messages";

const ProfileModal = dynamic(() => import("./account-modals").then((m) => m.ProfileModal), { ssr: false });
const PasswordModal = dynamic(() => import("./account-modals").then((m) => m.PasswordModal), { ssr: false });

export function MyAccount() {
  // Behind the session guard, which has just asked: this reads its answer.
  const { profile, refresh } = useSession({ ask: true });
  const [modal, setModal] = useState<"profile" | "password" | null>(null);
  if (!profile) return null;
  const name = stripDiacritics(profile.name || [profile.firstname, profile.lastname].filter(Boolean).join(" "));
  return (
    <div>
      <h1 className="account__title">MY ACCOUNT</h1>
      <div className="account-boxes">
        <div className="account-box">
          <div className="account-box__head">
            <h2>PROFILE</h2>
            <button type="button" className="text-link" onClick={() => setModal("profile")} aria-label="Edit profile">
              Edit
            </button>
          </div>
          <dl className="account-box__facts">
            <dt>Name</dt>
            <dd data-testid="profile-name">{name}</dd>
            <dt>Title</dt>
            <dd data-testid="profile-title">{profile.title ?? "—"}</dd>
            <dt>Date of birth</dt>
            <dd data-testid="profile-birthday">{formatBirthday(profile.birthday) || "—"}</dd>
          </dl>
        </div>
        <div className="account-box">
          <div className="account-box__head">
            <h2>EMAIL &amp; PASSWORD</h2>
            <button type="button" className="text-link" onClick={() => setModal("password")} aria-label="Edit login details">
              Edit
            </button>
          </div>
          <dl className="account-box__facts">
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Password</dt>
            <dd aria-label="Password hidden">••••••••</dd>
          </dl>
        </div>
      </div>
      {modal === "profile" && (
        <ProfileModal
          profile={profile}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            void refresh();
          }}
        />
      )}
      {modal === "password" && <PasswordModal email={profile.email} onClose={() => setModal(null)} />}
    </div>
  );
}
