/**
 * The site's figures: first-load JavaScript (gzipped) per exported route,
 * and Lighthouse 12 performance, accessibility and best-practices scores on
 * home, shop, a product, a collection and a runway page (mobile and desktop),
 * in headless Debian Chromium, next to the goal. Prints; never fails a build.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
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
  const scripts = [...new Set(tags.map((t) => t.match(/src="([^"]+\.js)"/)?.[1]).filter(Boolean))];
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

/** The goal of issue 16 for every page, mobile (desktop is printed beside it). */
const GOAL = { score: 98, lcpMs: 2000 };

/** The first active entity of a list route, for a real detail address. */
async function firstOf(url, route) {
  const body = await (await fetch(`${url}/api${route}`)).json();
  const list = Array.isArray(body) ? body : (body.data ?? []);
  return list.find((x) => x.status === undefined || x.status === "active");
}

const shop = await startShop();
try {
  const [product, collection, runway] = await Promise.all(["/products", "/collections", "/runways"].map((route) => firstOf(shop.url, route)));
  const targets = [
    ["home", "/"],
    ["shop", "/shop/"],
    ["product", product && `/shop/product/${product.id}/${product.slug}/`],
    ["collection", collection && `/collection/${collection.id}/${collection.slug}/`],
    ["runway", runway && `/runway/${runway.id}/${runway.slug}/`],
  ].filter(([name, path]) => path || console.log(`  (no ${name} in the catalogue: skipped)`));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
  try {
    const desktop = (await import("lighthouse/core/config/desktop-config.js")).default;
    for (const [label, config, judged] of [["mobile defaults", undefined, true], ["desktop preset", desktop, false]]) {
      console.log(`\nLighthouse 12 (${label}, simulated throttling; goal on mobile: performance >= ${GOAL.score}, LCP <= ${GOAL.lcpMs / 1000} s):`);
      console.log(`  ${"page".padEnd(10)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)}   LCP      TBT      CLS      goal`);
      for (const [name, path] of targets) {
        const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"] };
        const result = await lighthouse(`${shop.url}${path}`, flags, config);
        const { categories: c, audits: a } = result.lhr;
        const score = (k) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
        const shown = (id) => (a[id]?.displayValue ?? "-").padEnd(8);
        const met = Math.round((c.performance?.score ?? 0) * 100) >= GOAL.score && (a["largest-contentful-paint"]?.numericValue ?? Infinity) <= GOAL.lcpMs;
        console.log(`  ${name.padEnd(10)} ${score("performance")} ${score("accessibility")} ${score("best-practices")}   ${shown("largest-contentful-paint")} ${shown("total-blocking-time")} ${shown("cumulative-layout-shift")} ${judged ? (met ? "met" : "missed") : "-"}`);
        const failing = Object.values(a).filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === "binary").map((x) => x.id);
        if (failing.length) console.log(`             failing audits: ${failing.join(", ")}`);
        for (const item of a["errors-in-console"]?.details?.items ?? []) console.log(`             console: ${String(item.description).slice(0, 160)}`);
      }
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await shop.stop();
}
