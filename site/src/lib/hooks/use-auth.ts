/** Login, social sign-in popups and logout, all ending in a fresh `/auth/me`. */
import { ApiError, ok, shop } from "@/lib/api/client";
import { revalidateSession } from "./use-session";

export const LOGIN_FAILED = "Failed to Login";
export const LOGOUT_FAILED = "Failed to Logout";
export const POPUP = { width: 600, height: 700 };

export interface LoginValues {
  email: string;
  password: string;
  isRememberMe: boolean;
}

/** Where a failed login's message goes: by the password when it mentions it, else by the email. */
export function loginErrorField(message: string): "email" | "password" {
  return /password/i.test(message) ? "password" : "email";
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.errors)[0];
    return error.message && !/^Request failed/.test(error.message) ? error.message : (first ?? LOGIN_FAILED);
  }
  return LOGIN_FAILED;
}

export async function login(values: LoginValues): Promise<void> {
  const body = { email: values.email.trim(), password: values.password, isRememberMe: values.isRememberMe };
  await ok(shop.POST("/api/auth/login", { body }));
  await revalidateSession();
}

/** Opens the provider's sign-in in a centred 600x700 popup. */
export function openSocialPopup(provider: "google" | "facebook"): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2));
  return window.open(`/api/auth/${provider}`, `${provider}-login`, `width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`);
}

/**
 * The callback page posts `{ user: name }` (or `{ error }`) to this origin;
 * the session itself is already in httpOnly cookies. Answers a cleanup.
 */
export function listenForSocialLogin(onDone: (result: { user?: string; error?: string }) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { user?: unknown; error?: unknown } | null;
    if (!data || typeof data !== "object") return;
    if (typeof data.user === "string" || (data.user && typeof data.user === "object")) onDone({ user: typeof data.user === "string" ? data.user : "" });
    else if (typeof data.error === "string") onDone({ error: data.error });
  };
  window.addEventListener("message", onMessage);
  return () => window.removeEventListener("message", onMessage);
}

/**
 * Ends the session; after a Facebook sign-in the browser goes on to the
 * provider's logout page (the server answers its address), else to /.
 */
export async function logout(): Promise<void> {
  let redirect: string | null = null;
  try {
    redirect = (await ok(shop.POST("/api/auth/logout"))).redirect ?? null;
  } catch (error) {
    window.alert(error instanceof ApiError && !/^Request failed/.test(error.message) ? error.message : LOGOUT_FAILED);
    return;
  }
  await revalidateSession();
  window.location.assign(redirect ?? "/");
}
