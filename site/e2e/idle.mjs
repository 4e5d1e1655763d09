/**
 * Every public page, reached by navigation from another, goes network-idle.
 *
 * One tab per width walks the whole table of public pages: each one opened
 * with a real navigation (page.goto) from the one before, then one
 * client-side navigation by a footer link. Within 2 s of its load (of the
 * link's click, for the client-side one) the page must be hydrated (at its
 * new address) with no request open for the last 500 ms: a request the page
 * keeps open (an unread answer, a fetch parked
 * behind connections held by media) holds the page's network busy, and the
 * failure names each request still open and for how long, page by page.
 */
import { WIDTHS, assert, freshPage, hydrated } from "./harness.mjs";

const QUIET_MS = 500;
const WITHIN_MS = 2000;

/** The page's open requests, and since when none has been open (null while one is). */
function watchRequests(page) {
  const state = { open: new Map(), quietSince: Date.now() };
  page.on("request", (r) => {
    state.open.set(r, Date.now());
    state.quietSince = null;
  });
  const done = (r) => {
    state.open.delete(r);
    if (state.open.size === 0) state.quietSince = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return state;
}

/**
 * How long after `since` (a load, a click) the page went idle: `ready` (hydrated, or at its new
 * address) and no request open for QUIET_MS since then; or what it still had open at the deadline.
 */
async function idleAfter(state, base, since, ready) {
  let readyAt = null;
  ready.then(() => (readyAt = Date.now())).catch(() => {});
  for (;;) {
    const now = Date.now();
    const quiet = state.quietSince === null ? null : Math.max(state.quietSince, since);
    if (readyAt !== null && quiet !== null && now - quiet >= QUIET_MS) return { ms: Math.max(quiet + QUIET_MS, readyAt) - since };
    if (now >= since + WITHIN_MS) {
      const open = [...state.open].map(([r, at]) => `${r.method()} ${r.url().replace(base, "")} (${r.resourceType()}, open ${now - at} ms)`);
      if (open.length > 0) return { ms: null, open };
      return { ms: null, open: [readyAt === null ? "nothing, but the page was not ready yet" : `nothing, but a request ended only ${now - quiet} ms before`] };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Opens each route by a real navigation from the one before; returns what each page still had open. */
async function walk(page, state, base, routes) {
  const late = [];
  const timings = [];
  for (const [name, path, check] of routes) {
    const res = await page.mainFrame().goto(base + path, { waitUntil: "load" });
    assert(res?.status() === 200, `${path} answered ${res?.status()}`);
    // Watched from the load on, while the page is checked, so the open requests named are the ones at the deadline.
    const ready = hydrated(page);
    const idling = idleAfter(state, base, Date.now(), ready);
    await ready;
    await check(page);
    const idle = await idling;
    timings.push(`${name} ${idle.ms ?? "—"}`);
    if (idle.ms === null) late.push(`${path} (from a goto) still had open: ${idle.open.join("; ")}`);
  }
  return { late, timings };
}

/** A client-side navigation: the footer's link to every product, clicked. */
async function clickToShop(page, state, base, routes) {
  const [, path, check] = routes.find(([name]) => name === "shop");
  const link = page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "All Products" });
  await link.scrollIntoViewIfNeeded();
  const clicked = Date.now();
  const ready = link.click().then(() => page.waitForURL((url) => url.pathname === path));
  const idling = idleAfter(state, base, clicked, ready);
  await ready;
  await check(page);
  const idle = await idling;
  return idle.ms === null ? [`${path} (from a click) still had open: ${idle.open.join("; ")}`] : [];
}

export function idleJourneys({ browser, base, routes }) {
  return Object.values(WIDTHS).map((size) => ({
    name: `idle: every public page goes network-idle within ${WITHIN_MS / 1000} s of its navigation at ${size.width}px`,
    fn: async () => {
      const { page, context } = await freshPage(browser, size);
      const state = watchRequests(page);
      // The walk starts from the table's last page, so the first one too is reached from another.
      const [, start] = routes[routes.length - 1];
      await page.goto(base + start, { waitUntil: "load" });
      const { late, timings } = await walk(page, state, base, routes);
      late.push(...(await clickToShop(page, state, base, routes)));
      await context.close();
      console.log(`        idle ms after load at ${size.width}px: ${timings.join(", ")}`);
      assert(late.length === 0, `${late.length} pages not network-idle within ${WITHIN_MS} ms:\n${late.join("\n")}`);
    },
  }));
}
