/**
 * The atelier console's calls: same origin under /api/atelier, JSON, the
 * console's own cookie. A refusal throws the shop's ApiError with the
 * server's message; a 401 (no session, or it ended) also tells the console's
 * frame, which then shows the sign-in page. No refresh: a console session
 * that ends is signed in again with the passkey.
 */
import { ApiError } from "@/lib/api/api-error";
import { MESSAGES } from "@/lib/messages";

export const ATELIER_API = "/api/atelier";

/** What a 403 says in the console, whoever answers it (a proxy's 403 too). */
export const OWNER_ONLY = MESSAGES.atelier.OWNER_ONLY;

const signedOutListeners = new Set<() => void>();

/** Called on every 401 from a console call; answers the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

async function refusal(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const b = (body && typeof body === "object" ? body : {}) as { message?: unknown };
  const message = res.status === 403 ? OWNER_ONLY : typeof b.message === "string" ? b.message : `Request failed (${res.status})`;
  return new ApiError(res.status, message);
}

/** Sends a console call (`path` under /api/atelier) and answers its JSON body (undefined for an empty one). */
export async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { Accept: "application/json", "Content-Type": "application/json" };
  }
  const res = await fetch(ATELIER_API + path, init);
  if (!res.ok) {
    if (res.status === 401) signedOutListeners.forEach((l) => l());
    throw await refusal(res);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const atelier = {
  get: <T>(path: string) => call<T>("GET", path),
  post: <T>(path: string, body: unknown = {}) => call<T>("POST", path, body),
  del: (path: string) => call<void>("DELETE", path),
};

/** A query string from the filled fields alone ("" when none is). */
export function query(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  const text = q.toString();
  return text ? `?${text}` : "";
}
