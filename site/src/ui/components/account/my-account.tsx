"use client";
/**
 * My Account: the Profile box (name without diacritics, title, birthday as
 * MM/DD/YYYY) and the Email & Password box, each with its edit modal.
 */
import { useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { useForm } from "react-hook-form";
import { ApiError, api } from "@/lib/api/client";
import type { Profile } from "@/lib/api/types";
import { useSession } from "@/lib/hooks/use-session";
import { FIRST_YEAR, formatBirthday } from "@/lib/rules/birthday";
import { stripDiacritics } from "@/lib/rules/names";
import { meetsRules } from "@/lib/rules/passwords";
import { PasswordField, TextField } from "@/ui/components/auth/password-field";
import { Modal } from "@/ui/components/common/modal";
import { notify } from "@/ui/components/common/notify";

export const PROFILE_MSG = {
  firstName: "First Name is required",
  lastName: "Last Name is required",
  updated: "Update profile successfully!",
  failed: "Failed to update Profile!",
  fillAll: "Please fill in all password fields!",
  mismatch: "New password and confirm password do not match!",
  weak: "New password does not meet requirements!",
  changed: "Password changed successfully!",
  changeFailed: "Failed to change password!",
} as const;

const pad = (n: number) => String(n).padStart(2, "0");
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const fromIso = (s?: string | null) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s ?? "");
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};

function ProfileModal({ profile, onClose, onSaved }: { profile: Profile; onClose: () => void; onSaved: () => void }) {
  const [birthday, setBirthday] = useState<Date | undefined>(fromIso(profile.birthday));
  const [pickerOpen, setPickerOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { firstname: profile.firstname ?? "", lastname: profile.lastname ?? "", title: profile.title === "Ms" ? "Mrs" : (profile.title ?? "Mrs") } });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await api.patch(`/users/edit/profile/${encodeURIComponent(profile.id)}`, {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        title: v.title,
        birthday: birthday ? toIso(birthday) : (profile.birthday ?? ""),
      });
      notify.show(PROFILE_MSG.updated, "success");
      onSaved();
    } catch (error) {
      console.error("profile update failed", error);
      notify.show(PROFILE_MSG.failed, "error");
    }
  });

  return (
    <Modal open title="EDIT PROFILE" onClose={onClose}>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Edit profile">
        <TextField id="profile-firstname" label="First name *" error={errors.firstname?.message}>
          <input id="profile-firstname" aria-invalid={Boolean(errors.firstname)} {...register("firstname", { validate: (v) => v.trim() !== "" || PROFILE_MSG.firstName })} />
        </TextField>
        <TextField id="profile-lastname" label="Last name *" error={errors.lastname?.message}>
          <input id="profile-lastname" aria-invalid={Boolean(errors.lastname)} {...register("lastname", { validate: (v) => v.trim() !== "" || PROFILE_MSG.lastName })} />
        </TextField>
        <TextField id="profile-title" label="Title">
          <select id="profile-title" {...register("title")}>
            <option value="Mrs">Mrs</option>
            <option value="Mr">Mr</option>
          </select>
        </TextField>
        <div className="field">
          <span className="field__label">Date of birth</span>
          <button type="button" className="date-button" aria-expanded={pickerOpen} onClick={() => setPickerOpen((o) => !o)}>
            {birthday ? formatBirthday(toIso(birthday)) : "Choose a date"}
          </button>
          {pickerOpen && (
            <DayPicker
              mode="single"
              captionLayout="dropdown"
              startMonth={new Date(FIRST_YEAR, 0)}
              endMonth={new Date()}
              disabled={{ after: new Date() }}
              defaultMonth={birthday ?? new Date(1990, 0)}
              selected={birthday}
              onSelect={(d) => {
                if (d) setBirthday(d);
                setPickerOpen(false);
              }}
            />
          )}
        </div>
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? "Loading..." : "SAVE"}
        </button>
      </form>
    </Modal>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function PasswordModal({ email, onClose }: { email: string; onClose: () => void }) {
  const [failure, setFailure] = useState("");
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async (v) => {
    setFailure("");
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) return setFailure(PROFILE_MSG.fillAll);
    if (v.newPassword !== v.confirmPassword) return setFailure(PROFILE_MSG.mismatch);
    if (!meetsRules(v.newPassword, "change")) return setFailure(PROFILE_MSG.weak);
    try {
      await api.post("/auth/change-password", v);
      notify.show(PROFILE_MSG.changed, "success");
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? (Object.values(error.errors)[0] ?? (/^Request failed/.test(error.message) ? "" : error.message)) : "";
      setFailure(message || PROFILE_MSG.changeFailed);
    }
  });

  return (
    <Modal open title="LOGIN DETAILS" onClose={onClose}>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Change password">
        <TextField id="login-details-email" label="Email">
          <input id="login-details-email" value={email} readOnly />
        </TextField>
        <PasswordField id="pw-current" label="Current password" autoComplete="current-password" {...register("currentPassword")} />
        <PasswordField id="pw-new" label="New password" autoComplete="new-password" {...register("newPassword")} />
        <PasswordField id="pw-confirm" label="Confirm new password" autoComplete="new-password" {...register("confirmPassword")} />
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? "Loading..." : "SAVE"}
        </button>
      </form>
    </Modal>
  );
}

export function MyAccount() {
  const { profile, refresh } = useSession();
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
            <dd>{profile.title ?? "—"}</dd>
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
