// The CDK app: `npx cdk deploy --all` from the repository root (see the README).
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Annotations, App } from "aws-cdk-lib";
import { readConfig } from "../lib/config.ts";
import { loadRewrites } from "../lib/edge-functions.ts";
import { loadRoutes } from "../lib/routes.ts";
import { buildShop, SHOP_CONTEXT } from "../lib/shop.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
// SKIP_BUNDLING=1: synthesize without building the bootstraps (the CLI keeps
// `aws:` context keys to itself, so the switch is an environment variable).
const skipBundling = process.env.SKIP_BUNDLING === "1";
const app = new App({ context: SHOP_CONTEXT, postCliContext: skipBundling ? { "aws:cdk:bundling-stacks": [] } : {} });
const config = readConfig(app.node);
// Smoke synths (make test) may run before the site and SDK are built; a deploy never should.
const allowMissingAssets = ["true", true].includes(app.node.tryGetContext("allowMissingAssets"));
const missing: string[] = [];

function builtDir(relative: string, also: string[] = []): string {
  const dir = join(repoRoot, relative);
  if (existsSync(dir)) return dir;
  if (!allowMissingAssets) {
    throw new Error(`${relative} is missing: build the site and the SDK first (make build), or pass -c allowMissingAssets=true to synth without them`);
  }
  missing.push(relative);
  const empty = mkdtempSync(join(tmpdir(), "couture-missing-"));
  for (const sub of also) mkdirSync(join(empty, sub), { recursive: true });
  return empty;
}

const rewrites = loadRewrites(join(repoRoot, "site", "rewrites.json"));
const shop = buildShop(app, {
  config,
  repoRoot,
  routes: loadRoutes(join(repoRoot, "shared", "routes.json")),
  rewrites: rewrites ?? [],
  siteOut: builtDir("site/out", ["_next/static"]),
  sdkWeb: builtDir("sdk/dist/web"),
});
if (!rewrites) Annotations.of(shop.site).addWarningV2("couture:no-rewrites", "site/rewrites.json is missing: the dynamic routes of the site will not resolve");
for (const relative of missing) {
  Annotations.of(shop.pages).addWarningV2("couture:missing-assets", `${relative} is missing: this synth deploys an empty site (never deploy it)`);
}
