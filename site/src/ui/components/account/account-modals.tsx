"use client";
/** The edit modals of My Account (loaded when opened): profile with a date picker, and login details. */
import { useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { useForm } from "react-hook-form";
import { ApiError, ok, shop } from "@/lib/api/client";
import type { Profile } from "@/lib/api/types";
import { FIRST_YEAR, formatBirthday } from "@/lib/rules/birthday";
import { meetsRules } from "@/lib/rules/passwords";
import { profileTitleChoices, profileTitleDefault } from "@/lib/rules/titles";
import { PasswordField, TextField } from "@/ui/components/auth/password-field";
import { Modal } from "@/ui/components/common/modal";
import { notify } from "@/ui/components/common/notify";
import { PROFILE_MSG } from "./profile-messages";

const pad = (n: number) => String(n).padStart(2, "0");
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const fromIso = (s?: string | null) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s ?? "");
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};

export function ProfileModal({ profile, onClose, onSaved }: { profile: Profile; onClose: () => void; onSaved: () => void }) {
  const [birthday, setBirthday] = useState<Date | undefined>(fromIso(profile.birthday));
  const [pickerOpen, setPickerOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { firstname: profile.firstname ?? "", lastname: profile.lastname ?? "", title: profileTitleDefault(profile.title) } });

  const onSubmit = handleSubmit(async (v) => {
    try {
      const body = {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        title: v.title,
        birthday: birthday ? toIso(birthday) : (profile.birthday ?? ""),
      };
      await ok(shop.PATCH("/api/users/edit/profile/{id}", { params: { path: { id: profile.id } }, body }));
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
          <input
            id="profile-firstname"
            aria-invalid={Boolean(errors.firstname)}
            {...register("firstname", { validate: (v) => v.trim() !== "" || PROFILE_MSG.firstName })}
          />
        </TextField>
        <TextField id="profile-lastname" label="Last name *" error={errors.lastname?.message}>
          <input
            id="profile-lastname"
            aria-invalid={Boolean(errors.lastname)}
            {...register("lastname", { validate: (v) => v.trim() !== "" || PROFILE_MSG.lastName })}
          />
        </TextField>
        <TextField id="profile-title" label="Title">
          <select id="profile-title" {...register("title")}>
            {profileTitleChoices(profile.title).map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
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

export function PasswordModal({ email, onClose }: { email: string; onClose: () => void }) {
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
      await ok(shop.POST("/api/auth/change-password", { body: v }));
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
