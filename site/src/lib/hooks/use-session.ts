/**
 * The shopper's session, as the server sees it: one SWR key, `/auth/me`,
 * asked with the HTTP cache bypassed. The cookies are httpOnly, so no script
 * can tell whether a session exists; the profile answer (or its 401) is the
 * only truth. Login, logout and every shared refresh revalidate the key.
 */
import useSWR, { mutate as globalMutate } from "swr";
import { ApiError, api, setRefreshListener, unwrapItem } from "@/lib/api/client";
import type { Profile } from "@/lib/api/types";

export const SESSION_KEY = "/auth/me";

let lastEmail = "";

/** The email of the last profile seen in this page's life (the login form prefills it once a session ends). */
export const knownEmail = () => lastEmail;

/** Fetches the profile; null when there is no session (401) or the call fails. */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    const profile = unwrapItem<Profile>(await api.get(SESSION_KEY, true));
    if (profile?.email) lastEmail = profile.email;
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

export function useSession() {
  const { data, isLoading, mutate } = useSWR(SESSION_KEY, fetchProfile, { revalidateOnFocus: false, dedupingInterval: 2000 });
  return { profile: data ?? null, isLoading: isLoading || data === undefined, refresh: mutate };
}
