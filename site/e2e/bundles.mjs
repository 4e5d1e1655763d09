/**
 * A page's first-load scripts hold each module once. Webpack builds the root
 * layout and each page as entries of their own and copies what they share
 * into both unless told otherwise: the API client came twice (4.5 kB gzipped)
 * on /sign-up, /forget-password and /reset-password. The journey reads, for
 * every public route, the scripts its HTML loads (as `make bench` counts its
 * first-load JS) and the modules each registers in webpack's chunk list.
 */
import vm from "node:vm";
import { assert } from "./harness.mjs";

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

/** The modules that more than one of the page's first-load scripts holds, each with the scripts holding it. */
async function modulesTwice(base, path) {
  const html = await (await fetch(base + path)).text();
  const holders = new Map();
  for (const src of firstLoadScripts(html)) {
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
        for (const [, path] of routes) {
          const found = await modulesTwice(base, path);
          if (found.length > 0) twice.push(`${path}: ${found.length} modules twice (${found.slice(0, 2).join("; ")})`);
        }
        assert(twice.length === 0, `modules shipped twice on ${twice.length} pages:\n${twice.join("\n")}`);
      },
    },
  ];
}
