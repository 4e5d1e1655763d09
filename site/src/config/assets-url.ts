/**
 * The payment SDK's assets host: an origin of its own (never the shop's), so
 * no script of a shop page can reach into a card field's frame. Read when the
 * site is built, as SITE_URL is: `make site-build` passes ASSETS_URL as
 * NEXT_PUBLIC_ASSETS_URL (default http://127.0.0.1:$ASSETS_PORT, PORT + 1);
 * `make site-release` passes the stage's AssetsUrl output.
 */
export const DEFAULT_ASSETS_URL = "http://127.0.0.1:3001";

export function assetsOrigin(configured: string | undefined = process.env.NEXT_PUBLIC_ASSETS_URL): string {
  const url = new URL(configured?.trim() || DEFAULT_ASSETS_URL);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`ASSETS_URL must be an http(s) origin, got ${configured}`);
  return url.origin;
}
