/**
 * site/rewrites.json against its documented semantics (the local server and
 * the CloudFront function implement the same): first match wins, `:name`
 * matches one non-empty segment, the matched leading segments are replaced
 * and the rest of the path is kept; some prefixes are never rewritten.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const file = JSON.parse(readFileSync(resolve(__dirname, "../../../rewrites.json"), "utf8")) as { rewrites: { from: string; to: string }[] };
const UNTOUCHED = ["/_next/", "/api/", "/blobs/", "/web/", "/sandbox/"];
const segs = (p: string) => p.split("/").filter(Boolean);

function rewrite(path: string): string {
  if (UNTOUCHED.some((p) => path.startsWith(p))) return path;
  const parts = segs(path);
  for (const rule of file.rewrites) {
    const from = segs(rule.from);
    if (parts.length < from.length || !from.every((f, i) => (f.startsWith(":") ? Boolean(parts[i]) : f === parts[i]))) continue;
    const out = [...segs(rule.to), ...parts.slice(from.length)];
    return `/${out.join("/")}${path.endsWith("/") ? "/" : ""}`;
  }
  return path;
}

describe("rewrites.json", () => {
  it.each([
    ["/shop/product/p1/lotus-gown/", "/shop/product/_/_/"],
    ["/shop/product/p1/lotus-gown/index.txt", "/shop/product/_/_/index.txt"],
    ["/shop/men/", "/shop/_/"],
    ["/shop/new-arrivals/index.txt", "/shop/_/index.txt"],
    ["/shop/", "/shop/"],
    ["/shop/index.txt", "/shop/index.txt"],
    ["/shop/index.html", "/shop/index.html"],
    ["/shop/_/", "/shop/_/"],
    ["/collection/c1/silk-road/", "/collection/_/_/"],
    ["/collection/c1/silk-road/index.txt", "/collection/_/_/index.txt"],
    ["/collection/silk-road/", "/collection/_/_/"],
    ["/collection/silk-road/index.txt", "/collection/_/_/index.txt"],
    ["/news/n1/atelier/", "/news/_/_/"],
    ["/news/", "/news/"],
    ["/news/index.txt", "/news/index.txt"],
    ["/runway/r1/spring/index.html", "/runway/_/_/index.html"],
    ["/runway/", "/runway/"],
    ["/api/products/p1", "/api/products/p1"],
    ["/_next/static/chunks/app/shop/a.js", "/_next/static/chunks/app/shop/a.js"],
  ])("%s is served from %s", (from, to) => {
    expect(rewrite(from)).toBe(to);
  });

  it("points every rule at a page the export really has", () => {
    const out = resolve(__dirname, "../../../out");
    if (!existsSync(out)) return; // checked after `next build` (make site-test builds first)
    for (const rule of file.rewrites) {
      const target = resolve(out, `.${rule.to.replace(/\/index\.(txt|html)$/, "")}`, "index.html");
      expect(existsSync(target), `${rule.to} exists in the export`).toBe(true);
    }
  });
});
