/**
 * The site's figures: first-load JavaScript (gzipped) per exported route,
 * and Lighthouse 12 performance, accessibility, best-practices and SEO scores on
 * home, shop, a product, a collection and a runway page (mobile and desktop),
 * in headless Debian Chromium, next to the goal. Prints; never fails a build.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../shared/testkit/chromium.mjs";
import { startShop } from "../e2e/server.mjs";

const out = resolve(import.meta.dirname, "../out");

/** Every exported page (each index.html under out), as its route. */
function pages(dir = out, prefix = "/") {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "_next") continue;
    if (statSync(path).isDirectory()) found.push(...pages(path, `${prefix}${name}/`));
    else if (name === "index.html") found.push(prefix);
  }
  return found.sort();
}

const gz = new Map();
function gzipSize(src) {
  if (!gz.has(src)) gz.set(src, gzipSync(readFileSync(join(out, src))).length);
  return gz.get(src);
}

/** The scripts a route's HTML loads before it is interactive (its first-load JS). */
function firstLoad(route) {
  const html = readFileSync(join(out, route, "index.html"), "utf8");
  // Modern browsers skip the noModule polyfills, so they are not counted.
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]).filter((t) => !/noModule/i.test(t));
  // Start-up scripts are held as data-src until the first paint (build/scripts-after-paint.mjs).
  const scripts = [...new Set(tags.map((t) => t.match(/\b(?:data-)?src="([^"]+\.js)"/)?.[1]).filter(Boolean))];
  return scripts.reduce((sum, s) => sum + gzipSize(decodeURIComponent(s).replace(/^\//, "")), 0);
}

/** Each exported page's route as the app names it (the pages of one dynamic route share its first-load JS). */
function routeOf() {
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, "../.next/prerender-manifest.json"), "utf8"));
  const source = new Map(Object.entries(manifest.routes).map(([path, r]) => [`${path.replace(/\/$/, "")}/`, r.srcRoute ?? path]));
  return (page) => source.get(page) ?? page;
}

/** Every route once: its largest first-load JS over its exported pages, and how many pages it has. */
function firstLoadByRoute() {
  const route = routeOf();
  const byRoute = new Map();
  for (const page of pages()) {
    const name = route(page);
    const seen = byRoute.get(name) ?? { pages: 0, bytes: 0 };
    byRoute.set(name, { pages: seen.pages + 1, bytes: Math.max(seen.bytes, firstLoad(page)) });
  }
  return [...byRoute].sort(([a], [b]) => a.localeCompare(b));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log("First-load JS per route (gzipped, from site/out; the largest of a dynamic route's pages):");
for (const [route, { pages: n, bytes }] of firstLoadByRoute()) console.log(`  ${route.padEnd(34)} ${kb(bytes).padStart(9)}${n > 1 ? `   (${n} pages)` : ""}`);

/**
 * The goals on mobile (desktop is printed beside it): performance and LCP
 * (issue 16), and full marks for accessibility, best practices and SEO (issue 34).
 */
const GOAL = { score: 98, lcpMs: 2000, full: 100 };
const FULL_MARKS = ["accessibility", "best-practices", "seo"];

/**
 * Runs per page and preset: one run's score moves by several points on a
 * 2-core machine (the simulated CPU is 4x the observed one), so the figures
 * are Lighthouse's median run of five (the one nearest the median FCP and
 * TTI; five is what Lighthouse's own guide on variability advises), with
 * every run's score beside it.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** The first active entity of a list route, for a real detail address. */
async function firstOf(url, route) {
  // A list answers `{ data: [...] }` (the contract's list shape).
  const list = (await (await fetch(`${url}/api${route}`)).json()).data;
  return list.find((x) => x.status === undefined || x.status === "active");
}

/** A static export served gzipped, as CloudFront and the local server serve the site. */
async function serveExport(dir) {
  const types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".css": "text/css",
    ".txt": "text/plain",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://export").pathname);
    const file = join(dir, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    try {
      const body = gzipSync(readFileSync(file));
      res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream", "content-encoding": "gzip" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((ok) => server.close(ok)) };
}

const hello = await serveExport(resolve(import.meta.dirname, "hello/out"));
const shop = await startShop();
try {
  const [product, collection, runway] = await Promise.all(["/products", "/collections", "/runways"].map((route) => firstOf(shop.url, route)));
  const page = (path) => path && `${shop.url}${path}`;
  const targets = [
    ["home", page("/")],
    ["shop", page("/shop/")],
    ["product", product && page(`/shop/product/${product.id}/${product.slug}/`)],
    ["collection", collection && page(`/collection/${collection.id}/${collection.slug}/`)],
    ["runway", runway && page(`/runway/${runway.id}/${runway.slug}/`)],
  ].filter(([name, url]) => url || console.log(`  (no ${name} in the catalogue: skipped)`));
  // The yardstick first: an empty Next.js page, the framework's floor on this machine.
  targets.unshift(["hello-next", `${hello.url}/`]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const desktop = (await import("lighthouse/core/config/desktop-config.js")).default;
    // Lighthouse's own CPU yardstick of the machine: simulated CPU time is the observed time x4, so a slower machine scores lower.
    const speed = [];
    for (const [label, config, judged] of [
      ["mobile defaults", undefined, true],
      ["desktop preset", desktop, false],
    ]) {
      console.log(
        `\nLighthouse 12 (${label}, simulated throttling, median of ${RUNS} runs; goal on mobile: performance >= ${GOAL.score}, LCP <= ${GOAL.lcpMs / 1000} s, a11y, best and SEO ${GOAL.full}):`,
      );
      console.log(
        `  ${"page".padEnd(10)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)} ${"seo".padStart(5)}   LCP      TBT      CLS      goal     every run's perf`,
      );
      const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", ...FULL_MARKS] };
      // Round by round, every page once per round: a busy spell on this machine costs each page
      // a run or so, rather than all the runs of whichever page it fell on.
      const runsOf = new Map(targets.map(([name]) => [name, []]));
      for (let i = 0; i < RUNS; i++) for (const [name, url] of targets) runsOf.get(name).push((await lighthouse(url, flags, config)).lhr);
      for (const [name] of targets) {
        const runs = runsOf.get(name);
        const { categories: c, audits: a } = computeMedianRun(filterToValidRuns(runs));
        speed.push(...runs.map((lhr) => lhr.environment.benchmarkIndex));
        const perf = (lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const score = (k) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
        const shown = (id) => (a[id]?.displayValue ?? "-").padEnd(8);
        const full = FULL_MARKS.every((k) => Math.round((c[k]?.score ?? 0) * 100) >= GOAL.full);
        const met =
          full && Math.round((c.performance?.score ?? 0) * 100) >= GOAL.score && (a["largest-contentful-paint"]?.numericValue ?? Infinity) <= GOAL.lcpMs;
        console.log(
          `  ${name.padEnd(10)} ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")}   ${shown("largest-contentful-paint")} ${shown("total-blocking-time")} ${shown("cumulative-layout-shift")} ${(name === "hello-next" ? "yardstick" : judged ? (met ? "met" : "missed") : "-").padEnd(8)} ${runs.map(perf).join(" ")}`,
        );
        const failing = Object.values(a)
          .filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === "binary")
          .map((x) => x.id);
        if (failing.length) console.log(`             failing audits: ${failing.join(", ")}`);
        for (const item of a["errors-in-console"]?.details?.items ?? []) console.log(`             console: ${String(item.description).slice(0, 160)}`);
      }
    }
    console.log(`\nThis machine's Lighthouse benchmarkIndex: ${Math.min(...speed)}-${Math.max(...speed)}`);
  } finally {
    await chrome.kill();
  }
} finally {
  await shop.stop();
  await hello.stop();
}
