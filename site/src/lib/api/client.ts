/**
 * The one fetch client for the shop API: same origin under /api, JSON,
 * credentials included. A 401 triggers one shared session refresh, then each
 * request retries once; if the refresh fails, every waiting request fails.
 * `GET /auth/me` is no exception: its 401 is what an access token 15 minutes
 * old answers, and the refresh is what keeps the shopper signed in.
 */
import type { FieldErrors } from "./types";

export const API_BASE = "/api";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldErrors;
  /** The whole parsed answer, for refusals that carry more than a message (a 409's new quote). */
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
  }
}

type Body = object;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: Body;
  /** Bypass the HTTP cache (the session guard asks for the profile this way). */
  noStore?: boolean;
}

/** Paths whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const NO_REFRESH = ["/auth/refresh", "/auth/login", "/auth/logout"];

let refreshing: Promise<boolean> | null = null;
let onRefreshed: (() => void) | null = null;
/** How many refreshes have ended, and how the last one went. */
let refreshesEnded = 0;
let lastRefreshOk = false;

/** Called after each successful shared refresh (the session hook revalidates the profile). */
export function setRefreshListener(listener: (() => void) | null): void {
  onRefreshed = listener;
}

/** One refresh for every concurrent 401: later callers wait for the same promise. */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${API_BASE}/auth/refresh`, { method: "POST", credentials: "include" })
    .then(async (res) => {
      // Read to the end: an unread answer stays an open request in the browser.
      await res.arrayBuffer().catch(() => undefined);
      return res.ok;
    })
    .catch(() => false)
    .then((ok) => {
      refreshesEnded += 1;
      lastRefreshOk = ok;
      refreshing = null;
      if (ok) onRefreshed?.();
      return ok;
    });
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const init: RequestInit = {
    method: options.method ?? "GET",
    credentials: "include",
    headers: options.body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.noStore) init.cache = "no-store";
  return fetch(`${API_BASE}${path}`, init);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === "object") {
    const b = body as { message?: unknown; code?: unknown; errors?: unknown };
    const errors = b.errors && typeof b.errors === "object" ? (b.errors as FieldErrors) : {};
    const message = typeof b.message === "string" ? b.message : `Request failed (${status})`;
    return new ApiError(status, message, typeof b.code === "string" ? b.code : undefined, errors, body);
  }
  return new ApiError(status, typeof body === "string" && body ? body : `Request failed (${status})`, undefined, {}, body);
}

/** Calls the API and returns the parsed JSON body, or throws an ApiError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const endedBefore = refreshesEnded;
  let res = await send(path, options);
  if (res.status === 401 && !NO_REFRESH.some((p) => path.startsWith(p))) {
    // A refresh that ended while this request was out already answers for its 401 (the request
    // left with the old cookies): retry, or fail with it, rather than refresh a second time.
    const renewed = refreshesEnded !== endedBefore ? lastRefreshOk : await refreshSession();
    if (renewed) {
      await res.arrayBuffer().catch(() => undefined);
      res = await send(path, options);
    }
  }
  const body = await readJson(res);
  if (!res.ok) throw toError(res.status, body);
  return body as T;
}

/** A list answer may be a bare array, `{data: [...]}` or `{data: {data: [...]}}`. */
export function unwrapList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === "object" && "data" in body) return unwrapList<T>((body as { data: unknown }).data);
  return [];
}

/** A single entity may come bare or wrapped in `{data: ...}`. */
export function unwrapItem<T>(body: unknown): T | null {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const data = (body as { data?: unknown }).data;
    if (data && typeof data === "object" && !Array.isArray(data)) return unwrapItem<T>(data);
    return body as T;
  }
  return null;
}

/** A route that may answer one entity or a list of them (the featured runway): the first wins. */
export function unwrapFirst<T>(body: unknown): T | null {
  const list = unwrapList<T>(body);
  if (list.length > 0) return list[0] ?? null;
  const isList = Array.isArray(body) || (!!body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data));
  return isList ? null : unwrapItem<T>(body);
}

export const api = {
  get: <T = unknown>(path: string, noStore = false) => request<T>(path, { noStore }),
  post: <T = unknown>(path: string, body: Body) => request<T>(path, { method: "POST", body }),
  patch: <T = unknown>(path: string, body: Body) => request<T>(path, { method: "PATCH", body }),
  delete: <T = unknown>(path: string) => request<T>(path, { method: "DELETE" }),
};
