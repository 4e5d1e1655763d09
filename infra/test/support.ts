// What the tests share: paths and one synthesized shop (bundling skipped).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { readConfig } from "../lib/config.ts";
import { loadRewrites } from "../lib/edge-functions.ts";
import { type FunctionRoutes, loadRoutes } from "../lib/routes.ts";
import { buildShop, SHOP_CONTEXT, type Shop } from "../lib/shop.ts";

/**
 * A synthesized template's JSON, read without a schema: the tests index into
 * it freely and a missing key fails the assertion that reads it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON has no type to name
export type Json = Record<string, any>;

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
export const repoRoot = resolve(fixtures, "..", "..", "..");

export const TEST_CONTEXT = {
  region: "eu-west-1",
  account: "123456789012",
  senderEmail: "orders@mail.maison-lan-anh.com",
  houseEmail: "atelier@couture.example",
  sandboxUrl: "https://pay.sandbox.example/",
  paymentHosts: "https://assets.provider.example",
  alarmEmail: "ops@couture.example",
};

/** A shop synthesized without bundling, from the given routing table and repository root. */
export function synthShop(routes: readonly FunctionRoutes[], root = repoRoot, context: Record<string, string> = TEST_CONTEXT): Shop {
  const app = new App({ context: { ...SHOP_CONTEXT, ...context, "aws:cdk:bundling-stacks": [] } });
  return buildShop(app, {
    config: readConfig(app.node, {}),
    repoRoot: root,
    routes,
    rewrites: loadRewrites(join(fixtures, "rewrites.json"))!,
    siteOut: join(fixtures, "site-out"),
    sdkWeb: join(fixtures, "sdk-web"),
  });
}

export const realRoutes = () => loadRoutes(join(repoRoot, "shared", "routes.json"));

/**
 * The text of every Rust source of the functions and the shared crates
 * (functions/*\/src, shared/*\/src), where the log lines the alarms count
 * are written, wherever a rewrite moves them.
 */
export function rustSources(): string {
  const texts: string[] = [];
  for (const top of ["functions", "shared"]) {
    for (const crate of readdirSync(join(repoRoot, top))) {
      const src = join(repoRoot, top, crate, "src");
      if (!existsSync(src)) continue;
      for (const file of readdirSync(src, { recursive: true, encoding: "utf8" })) {
        if (file.endsWith(".rs")) texts.push(readFileSync(join(src, file), "utf8"));
      }
    }
  }
  return texts.join("\n");
}

/** The templates of one shop, each synthesized once on first use. */
export function templatesOf(shop: Shop) {
  const cache = new Map<string, Template>();
  return (name: keyof Shop): Template => {
    let template = cache.get(name);
    if (!template) {
      template = Template.fromStack(shop[name]!);
      cache.set(name, template);
    }
    return template;
  };
}
