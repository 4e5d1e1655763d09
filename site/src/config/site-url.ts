/**
 * The shop's public origin, as the API server reads it (SITE_URL, default
 * http://127.0.0.1:$PORT, PORT 3000): read once when the site is built, so
 * canonical addresses, the sitemap and link previews name the origin the
 * export is served from. `make site-build` passes it and rebuilds when it changes.
 */
export const DEFAULT_PORT = 3000;

export function siteOrigin(env: Partial<Record<string, string>> = process.env): string {
  const configured = env.SITE_URL?.trim() || `http://127.0.0.1:${env.PORT?.trim() || DEFAULT_PORT}`;
  const url = new URL(configured);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`SITE_URL must be an http(s) origin, got ${configured}`);
  return url.origin;
}
