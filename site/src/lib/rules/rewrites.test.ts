/**
 * site/rewrites.json against the export: every rule's target is a page the
 * export really has. What the rules do to sample paths is tested on the real
 * implementations, both from site/rewrites.cases.json: the local server's
 * rewrite (shared/server/tests/api/rewrites.rs) and the CloudFront function
 * (infra/test/edge-functions.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const file = JSON.parse(readFileSync(resolve(__dirname, "../../../rewrites.json"), "utf8")) as { rewrites: { from: string; to: string }[] };

describe("rewrites.json", () => {
  it("points every rule at a page the export really has", () => {
    const out = resolve(__dirname, "../../../out");
    expect(existsSync(resolve(out, "index.html")), `${out} has no export: run \`make site-build\` (next build) before the site's unit tests`).toBe(true);
    for (const rule of file.rewrites) {
      const target = resolve(out, `.${rule.to.replace(/\/index\.(txt|html)$/, "")}`, "index.html");
      expect(existsSync(target), `${rule.to} exists in the export`).toBe(true);
    }
  });
});
