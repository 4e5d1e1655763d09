/**
 * The shopper's session, as the server sees it: one SWR key, `/auth/me`,
 * asked with the HTTP cache bypassed. The session cookies are httpOnly; the
 * server sets a readable `signed_in` hint beside them and deletes it with
 * them, so a page asks on load only when a session may exist and a visitor's
 * page costs no 401. What the shopper opens (the account and bag panels, the
 * pages behind the session guard) asks anyway: the hint only saves asking,
 * the profile answer (or its 401) stays the only truth. Login, logout and
 * every shared refresh revalidate the key.
 */
import { useSyncExternalStore } from "react";
import useSWR, { mutate as globalMutate } from "swr";
import { ApiError, getKey, itemOf, setRefreshListener } from "@/lib/api/client";
import type { Profile } from "@/lib/api/types";

export const SESSION_KEY = "/auth/me";

/** The readable cookie the auth API sets with a session and deletes with it. */
export const SIGNED_IN_COOKIE = "signed_in";

export function hasSessionHint(cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookies.split(";").some((c) => {
    const [name, value] = c.trim().split("=");
    return name === SIGNED_IN_COOKIE && Boolean(value);
  });
}

// Cookies announce no change; every sign-in and sign-out reloads the page.
const noChanges = () => () => {};

/** The hint, read once hydrated: the exported HTML was rendered without cookies. */
function useSessionHint(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => hasSessionHint(),
    () => false,
  );
}

/**
 * The browser keeps the email of the last profile it saw, and nothing else
 * (no token, no name), so the login form is prefilled after a reload, a
 * logout or an expired session. Storage may be off (private modes, policies):
 * then this page's life remembers it.
 */
export const LAST_EMAIL_KEY = "couture:last-email";
let lastEmail = "";

function rememberEmail(email: string): void {
  lastEmail = email;
  try {
    window.localStorage.setItem(LAST_EMAIL_KEY, email);
  } catch {
    /* storage unavailable: this page's life keeps it */
  }
}

/** The email to prefill the login form with: this page's profile first, else the last one the browser saw. */
export function knownEmail(): string {
  if (lastEmail) return lastEmail;
  try {
    return window.localStorage.getItem(LAST_EMAIL_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Fetches the profile; null when there is no session (401) or the call fails. */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    const profile = itemOf(await getKey(SESSION_KEY, true));
    if (profile?.email) rememberEmail(profile.email);
    return profile;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("GET /auth/me failed", error);
    return null;
  }
}

/** Asks the server again who is signed in (after login, logout, a refresh). */
export function revalidateSession(): Promise<unknown> {
  return globalMutate(SESSION_KEY);
}

setRefreshListener(() => void globalMutate(SESSION_KEY));

/** `ask`: ask the server even without the hint (something the shopper opened needs the answer). */
export function useSession({ ask = false }: { ask?: boolean } = {}) {
  const hint = useSessionHint();
  const key = ask || hint ? SESSION_KEY : null;
  const { data, isLoading, mutate } = useSWR(key, fetchProfile, { revalidateOnFocus: false, dedupingInterval: 2000 });
  return { profile: data ?? null, isLoading: key !== null && (isLoading || data === undefined), refresh: mutate };
}
