"use client";
/** LOGIN: email (prefilled from a known profile), password with show/hide, remember me, social buttons. */
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { listenForSocialLogin, login, loginErrorField, loginErrorMessage, openSocialPopup, type LoginValues } from "@/lib/hooks/use-auth";
import { revalidateSession } from "@/lib/hooks/use-session";
import { emailRule } from "@/lib/rules/email";
import { PasswordField } from "./password-field";
import { MESSAGES } from "@/lib/messages";

export const LOGIN_MSG = {
  email: MESSAGES.forms.LOGIN_EMAIL_REQUIRED,
  // No account can have a malformed address (the server refuses them at sign-up), so saying so
  // here saves a round trip; the words are the sign-up's.
  emailFormat: MESSAGES.email.INVALID,
  password: MESSAGES.forms.LOGIN_PASSWORD_REQUIRED,
} as const;

interface Props {
  email?: string;
  onNavigate: () => void;
  onSignedIn: () => void;
}

export function LoginForm({ email = "", onNavigate, onSignedIn }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email, password: "", isRememberMe: false } });
  const popup = useRef<Window | null>(null);
  const [socialError, setSocialError] = useState("");

  useEffect(
    () =>
      listenForSocialLogin(async ({ user, error }) => {
        popup.current?.close();
        if (error) {
          setSocialError(error);
          return;
        }
        if (user !== undefined) {
          await revalidateSession();
          onSignedIn();
        }
      }),
    [onSignedIn],
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
      onSignedIn();
    } catch (error) {
      const message = loginErrorMessage(error);
      setError(loginErrorField(message), { type: "server", message });
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Login">
      <div className="field">
        <label className="field__label" htmlFor="login-email">
          Email
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? "login-email-error" : undefined}
          {...register("email", { validate: emailRule({ missing: LOGIN_MSG.email, invalid: LOGIN_MSG.emailFormat }) })}
        />
        {errors.email && (
          <span id="login-email-error" className="field__error" role="alert">
            {errors.email.message}
          </span>
        )}
      </div>
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password", { validate: (v) => v !== "" || LOGIN_MSG.password })}
      />
      <div className="spread-row">
        <label className="checkbox">
          <input type="checkbox" {...register("isRememberMe")} /> Remember me
        </label>
        <Link className="text-link" href="/forget-password/" onClick={onNavigate}>
          Forget your password?
        </Link>
      </div>
      <button type="submit" className="button button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? "Loading..." : "LOGIN"}
      </button>
      <Link className="button button--outline button--block" href="/sign-up/" onClick={onNavigate}>
        Create account
      </Link>
      <div className="auth-form__social">
        <button type="button" className="button button--outline button--block" onClick={() => (popup.current = openSocialPopup("facebook"))}>
          Continue with Facebook
        </button>
        <button type="button" className="button button--outline button--block" onClick={() => (popup.current = openSocialPopup("google"))}>
          Continue with Google
        </button>
        {socialError && (
          <p className="field__error" role="alert">
            {socialError}
          </p>
        )}
      </div>
    </form>
  );
}
