/**
 * The shopper's session. Cookies are httpOnly, so page scripts cannot see
 * them; the login flow leaves a readable `name` cookie (spec section 4) that
 * says a session may exist. Without it the site treats the shopper as a
 * visitor and asks the server nothing, so visitors never cost a 401 per page.
 */
import useSWR from "swr";
import { ApiError, api, unwrapItem } from "@/lib/api/client";
import type { Profile } from "@/lib/api/types";

export function hasSessionHint(cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookies.split(";").some((c) => {
    const [key, value] = c.trim().split("=");
    return key === "name" && Boolean(value);
  });
}

/** Fetches the profile; null when there is no session (401) or the call fails. */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    return unwrapItem<Profile>(await api.get("/auth/me", true));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("GET /auth/me failed", error);
    return null;
  }
}

export function useSession() {
  const { data, isLoading, mutate } = useSWR(hasSessionHint() ? "/auth/me" : null, fetchProfile, { revalidateOnFocus: false });
  return { profile: data ?? null, isLoading, refresh: mutate };
}
