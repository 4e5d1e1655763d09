/** A small journey runner: one headless Debian Chromium, a few pages in parallel, screenshots, a plain summary line. */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../shared/testkit/chromium.mjs";
import { until } from "../../shared/testkit/until.mjs";

export { until };

export const SHOTS = resolve(import.meta.dirname, "../test-results/screens");
export const WIDTHS = { mobile: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

export async function launch() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** A fresh context (no cookies, cold cache) and page that records page errors and console errors; a phone's screen has three device pixels a CSS pixel. */
let shoppers = 0;

/** A client address of its own for each browser context (the benchmarking range 198.18.0.0/15, never a real shopper). */
function nextShopperAddress() {
  shoppers += 1;
  return `198.18.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`;
}

export async function freshPage(browser, size = WIDTHS.desktop, { deviceScaleFactor = 1 } = {}) {
  const context = await browser.newContext({
    viewport: size,
    deviceScaleFactor,
    reducedMotion: "reduce",
    extraHTTPHeaders: { "X-Forwarded-For": nextShopperAddress() },
  });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // A session probe with no session (GET /auth/me, then one refresh) answers 401 by design: opening the
    // account or bag panel, or a guarded page, asks even without the signed-in hint.
    if (/status of 401/.test(m.text()) && /\/api\/auth\/(me|refresh)\b/.test(m.location()?.url ?? "")) return;
    problems.push(`console error: ${m.text()}`);
  });
  page.setDefaultTimeout(15_000);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (res?.ok()) await hydrated(page);
    return res;
  };
  journeyPages.getStore()?.push({ page, problems });
  return { page, context, problems };
}

/**
 * Pages are pre-rendered and start their scripts after the first paint: a shopper's tap
 * before hydration does nothing, so a journey goes on from a freshly loaded page (a goto,
 * a sign-in's reload, a provider's redirect) only once the shell marks it hydrated.
 */
export async function hydrated(page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The pages each running journey opened, so a failure can say what they showed. */
const journeyPages = new AsyncLocalStorage();

/** Where each page of a failed journey was, what it logged, the toasts it showed, and its screenshot. */
async function describePages(name, pages) {
  const lines = [];
  for (const [i, { page, problems }] of pages.entries()) {
    if (page.isClosed()) continue;
    const toasts = await page
      .locator(".Toastify__toast")
      .allTextContents()
      .catch(() => []);
    const shot = `failed-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}-${i}.png`;
    await page.screenshot({ path: join(SHOTS, shot), fullPage: true }).catch(() => {});
    lines.push(`page ${i}: ${page.url()} (screenshot ${shot})`, ...toasts.map((t) => `  toast: ${t}`), ...problems.slice(-5).map((p) => `  ${p}`));
    await page
      .context()
      .close()
      .catch(() => {});
  }
  return lines;
}

export async function shoot(page, name) {
  const size = page.viewportSize();
  await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Once the page has painted twice: what the last action did (a re-render, a scroll's effects, a carousel's turn) is on screen. */
export async function painted(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Once the API answers `path` (under /api) with a body `check` accepts. How a
 * journey waits for an import: the API reads the catalogue's version at most
 * once a second, so the new catalogue shows within about that.
 */
export async function apiShows(base, path, check, what) {
  await until(async () => {
    const res = await fetch(`${base}/api${path}`);
    return res.ok && check(await res.json());
  }, what);
}

async function attempt(j) {
  const started = Date.now();
  const pages = [];
  try {
    await journeyPages.run(pages, j.fn);
    return { ok: true, ms: Date.now() - started };
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n").slice(0, 6) : [String(e)];
    return { ok: false, why: [...why, ...(await describePages(j.name, pages))].join("\n        ") };
  }
}

/**
 * Runs journeys with bounded parallelism; prints each result and the closing
 * 'N passed, N failed' line. A journey that fails under the parallel load is
 * tried once more alone (as Playwright's retries do); one that passes only
 * then is named as flaky in the summary, so timing flakes stay visible.
 */
export async function run(journeys, parallel = 3) {
  const queue = [...journeys];
  const failed = [];
  let passed = 0;
  const worker = async () => {
    for (let j = queue.shift(); j; j = queue.shift()) {
      const result = await attempt(j);
      if (result.ok) {
        passed += 1;
        console.log(`  ok    ${j.name} (${result.ms} ms)`);
      } else {
        failed.push(j);
        console.log(`  FAIL  ${j.name}: ${result.why}`);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const flaky = [];
  const failures = [];
  for (const j of failed) {
    const result = await attempt(j);
    console.log(result.ok ? `  ok    ${j.name} (on its retry alone, ${result.ms} ms)` : `  FAIL  ${j.name} (again, alone): ${result.why}`);
    (result.ok ? flaky : failures).push(j.name);
  }
  if (flaky.length > 0) console.log(`e2e: flaky under load (passed alone): ${flaky.join("; ")}`);
  console.log(`e2e: ${passed + flaky.length} passed, ${failures.length} failed`);
  return failures.length === 0;
}
