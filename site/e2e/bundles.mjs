/**
 * A page's first-load scripts hold each module once. Webpack builds the root
 * layout and each page as entries of their own and copies what they share
 * into both unless told otherwise: the API client came twice (4.5 kB gzipped)
 * on /sign-up, /forget-password and /reset-password. The journey reads, for
 * every public route, the scripts its HTML loads (as `make bench` counts its
 * first-load JS) and the modules each registers in webpack's chunk list; the
 * atelier console's pages too, which load nothing of the shop's frame.
 */
import vm from "node:vm";
import sitePages from "../../shared/site-pages.json" with { type: "json" };
import { assert } from "./harness.mjs";

/** The atelier console's pages, as shared/site-pages.json lists them. */
export const CONSOLE_PAGES = Object.keys(sitePages.pages).filter((path) => path.startsWith("/atelier/"));

/** The scripts a page's HTML loads at start (held ones too; modern browsers skip the noModule polyfills). */
function firstLoadScripts(html) {
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]).filter((tag) => !/noModule/i.test(tag));
  return [...new Set(tags.map((tag) => tag.match(/\b(?:data-)?src="([^"]+\.js)"/)?.[1]).filter(Boolean))];
}

/** The module ids a chunk registers: run with a chunk list that records and runs nothing. */
function modulesOf(code) {
  const pushed = [];
  try {
    vm.runInNewContext(code, { self: { webpackChunk_N_E: { push: (chunk) => pushed.push(chunk) } } });
  } catch {
    // The webpack runtime itself needs a browser; it registers no modules.
  }
  return pushed.flatMap(([, modules]) => Object.keys(modules ?? {}));
}

/** The scripts a page served at `path` loads at start. */
async function scriptsOf(base, path) {
  return firstLoadScripts(await (await fetch(base + path)).text());
}

/** The modules that more than one of the page's first-load scripts holds, each with the scripts holding it. */
async function modulesTwice(base, path) {
  const holders = new Map();
  for (const src of await scriptsOf(base, path)) {
    const code = await (await fetch(new URL(src, base))).text();
    for (const id of modulesOf(code)) holders.set(id, [...(holders.get(id) ?? []), src.split("/").pop()]);
  }
  return [...holders].filter(([, scripts]) => scripts.length > 1).map(([id, scripts]) => `module ${id} in ${scripts.join(" and ")}`);
}

export function bundleJourneys({ base, routes }) {
  return [
    {
      name: "scripts: each page's first-load scripts hold each module once",
      fn: async () => {
        const twice = [];
        for (const path of [...routes.map(([, path]) => path), ...CONSOLE_PAGES]) {
          const found = await modulesTwice(base, path);
          if (found.length > 0) twice.push(`${path}: ${found.length} modules twice (${found.slice(0, 2).join("; ")})`);
        }
        assert(twice.length === 0, `modules shipped twice on ${twice.length} pages:\n${twice.join("\n")}`);
      },
    },
    {
      name: "scripts: the atelier console's pages load nothing of the shop's frame",
      fn: async () => {
        assert(CONSOLE_PAGES.length === 9, `the console's pages are listed in shared/site-pages.json (${CONSOLE_PAGES.length})`);
        const shops = [];
        for (const path of CONSOLE_PAGES) {
          const shop = (await scriptsOf(base, path)).filter((src) => /\/shell-|\/app\/\(shop\)\//.test(decodeURIComponent(src)));
          if (shop.length > 0) shops.push(`${path}: ${shop.join(", ")}`);
        }
        assert(shops.length === 0, `console pages loading the shop's scripts:\n${shops.join("\n")}`);
      },
    },
  ];
}
