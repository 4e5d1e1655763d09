/**
 * Debian's Chromium as every headless run starts it: the journeys and the SDK's
 * tests (through playwright-core) and the site's Lighthouse figures (through
 * chrome-launcher). One list of flags, so a run measured is a run tested.
 */

/** The browser: CHROME_PATH (chrome-launcher's name for it) or CHROMIUM when set, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || process.env.CHROMIUM || "/usr/bin/chromium";

/**
 * No sandbox and no GPU (containers and CI have neither); no QUIC, first-run,
 * background, component or sync traffic (nothing but the page under test on
 * the wire); /tmp instead of a small /dev/shm.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
