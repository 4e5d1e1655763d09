/** A scripted fetch for unit tests: routes by method and path, records every call. */
import { vi } from "vitest";

export type Route = (init: RequestInit | undefined, url: string) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

export function fakeFetch(routes: Record<string, Route>) {
  const calls: { method: string; url: string; body?: unknown; credentials?: RequestCredentials }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, credentials: init?.credentials });
    const path = url.split("?")[0] ?? url;
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ message: "not found" }), { status: 404 });
    const { status = 200, body } = await route(init, url);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return { fn, calls };
}

/** A shopper whose access token expired: `/auth/me` answers 401 until one refresh renews the session. */
export function expiredAccessToken(profile: unknown = { id: "u1", email: "a@b.c" }) {
  let renewed = false;
  return fakeFetch({
    "GET /api/auth/me": () => (renewed ? { body: profile } : { status: 401, body: { message: "Your session has expired." } }),
    "POST /api/auth/refresh": () => {
      renewed = true;
      return { body: {} };
    },
  });
}
