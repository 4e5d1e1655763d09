/**
 * The one client for the shop API, typed from its contract: `shop.GET`,
 * `shop.POST`… take the paths, path parameters and bodies of
 * `shared/openapi.json` (openapi-fetch over the generated `paths`), so a
 * renamed route or field breaks the build, not a shopper. Same origin under
 * /api, JSON, credentials included. A 401 triggers one shared session
 * refresh, then each request retries once; if the refresh fails, every
 * waiting request fails. `GET /auth/me` is no exception: its 401 is what an
 * access token 15 minutes old answers, and the refresh is what keeps the
 * shopper signed in.
 */
import createClient, { type ClientPathsWithMethod, type MethodResponse } from "openapi-fetch";
import { ApiError } from "./api-error";
import type { paths } from "./schema";
import type { ErrorBody, ErrorCode, FieldErrors } from "./types";

export { ApiError };

export const API_BASE = "/api";

/** Paths whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const NO_REFRESH = ["/auth/refresh", "/auth/login", "/auth/logout"].map((p) => API_BASE + p);

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

/** The request as a same-origin path and init, sent again as is on a retry. */
async function sendable(request: Request): Promise<[string, RequestInit]> {
  const url = new URL(request.url);
  const body = request.method === "GET" ? "" : await request.text();
  const init: RequestInit = { method: request.method, credentials: "include", headers: request.headers };
  if (body) init.body = body;
  if (request.cache === "no-store") init.cache = "no-store";
  return [url.pathname + url.search, init];
}

/** The typed client's fetch: a 401 refreshes the session once (shared), then the request goes again. */
async function fetchWithRefresh(request: Request): Promise<Response> {
  const endedBefore = refreshesEnded;
  const [path, init] = await sendable(request);
  const res = await fetch(path, init);
  if (res.status !== 401 || NO_REFRESH.some((p) => path.startsWith(p))) return res;
  // A refresh that ended while this request was out already answers for its 401 (the request
  // left with the old cookies): retry, or fail with it, rather than refresh a second time.
  const renewed = refreshesEnded !== endedBefore ? lastRefreshOk : await refreshSession();
  if (!renewed) return res;
  await res.arrayBuffer().catch(() => undefined);
  return fetch(path, init);
}

/** The shop API, typed from its contract. Resolve calls with {@link ok}. */
export const shop = createClient<paths>({
  // Requests need an absolute URL; the fetch above sends them same-origin.
  baseUrl: globalThis.location?.origin ?? "http://localhost",
  headers: { Accept: "application/json" },
  fetch: fetchWithRefresh,
});

/**
 * A refusal as an ApiError. A JSON body is the contract's error body (the
 * server's tests hold every answer to the document); its fields are still
 * read with care, as a proxy in between may answer anything.
 */
function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === "object") {
    const b = body as { message?: unknown; code?: unknown; errors?: unknown };
    const errors = b.errors && typeof b.errors === "object" ? (b.errors as FieldErrors) : {};
    const message = typeof b.message === "string" ? b.message : `Request failed (${status})`;
    const code = typeof b.code === "string" ? (b.code as ErrorCode) : undefined;
    return new ApiError(status, message, code, errors, code ? (body as ErrorBody) : null);
  }
  return new ApiError(status, typeof body === "string" && body ? body : `Request failed (${status})`);
}

/** A typed call's answer, or its refusal thrown as an ApiError. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toError(response.status, error ?? null);
  return data as T;
}

type GetRoute = ClientPathsWithMethod<typeof shop, "get">;
/** A route with its `{parameters}` filled in. */
type Filled<R> = R extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : R;
type WithoutBase<R> = R extends `${typeof API_BASE}${infer Key}` ? Key : never;
type Keyed = WithoutBase<Filled<GetRoute>>;
/** A GET as the site's SWR caches and the early fetch key it: the route without `/api`, parameters filled in (encoded), maybe a query. */
export type GetKey = Keyed | `${Keyed}?${string}`;
/** The route a key asks: its own when the contract names it (`/runways/featured`), else the one it fills (`/runways/{id}`). */
type RouteOf<K> = K extends `${infer Path}?${string}`
  ? RouteOf<Path>
  : `${typeof API_BASE}${K & string}` extends GetRoute
    ? `${typeof API_BASE}${K & string}`
    : { [R in GetRoute]: `${typeof API_BASE}${K & string}` extends Filled<R> ? R : never }[GetRoute];
/** What a key answers on success, by the contract. */
export type AnswerOf<K extends GetKey> = MethodResponse<typeof shop, "get", RouteOf<K>>;

/** GETs a key (`/products/search?q=x`, `/products/p1`) and answers its body, typed by the contract, or throws an ApiError. */
export function getKey<K extends GetKey>(key: K, noStore = false): Promise<AnswerOf<K>> {
  // The key is a concrete path, encoded by whoever built it: sent as it is, not as a template.
  const get = shop.GET as (path: string, init: RequestInit) => Promise<{ data?: AnswerOf<K>; error?: unknown; response: Response }>;
  return ok(get(API_BASE + key, noStore ? { cache: "no-store" } : {}));
}

/** A list answer in any shape the spec accepts: a bare array, `{ data: [...] }` (the contract's), `{ data: { data: [...] } }` (`/orders/me`). */
export type ListAnswer<Item> = Item[] | { data: Item[] } | { data: { data: Item[] } };
/** The keys whose answer is a list, from the routes as written (filled in, `/products/${string}` would absorb `/products/search`). */
type ListOnly<K> = K extends GetKey ? (AnswerOf<K> extends ListAnswer<unknown> ? K : never) : never;
export type ListKey = ListOnly<WithoutBase<GetRoute>>;
/** The items of a key's list. */
export type ItemOf<K extends GetKey> = AnswerOf<K> extends ListAnswer<infer Item> ? Item : never;

/** A list answer's items, in whichever of the spec's shapes it came; anything else is an empty list. */
export function listOf<Item>(body: ListAnswer<Item> | null | undefined): Item[] {
  if (Array.isArray(body)) return body;
  const data = body?.data;
  if (Array.isArray(data)) return data;
  const nested = data?.data;
  return Array.isArray(nested) ? nested : [];
}

/** A single entity, bare as the contract answers it (or wrapped in `{data}`, as the spec allows); null for a list. */
export function itemOf<Item>(body: Item | { data: Item } | null | undefined): Item | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  return "data" in body ? itemOf((body as { data: Item }).data) : (body as Item);
}
