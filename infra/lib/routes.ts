// The one routing table (shared/routes.json): which function serves which
// /api prefix. Every function and every HTTP API route is built from it, so
// a new entry (e.g. the payment function) is deployed with no infra change.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface FunctionRoutes {
  readonly name: string;
  readonly prefixes: readonly string[];
}

/** The reconciler's crate and binary (functions/reconcile): it serves no route, it runs on a schedule (lib/reconciler.ts). */
export const RECONCILER = "reconcile";

/** The functions that serve no /api prefix, deployed beside the routing table's. */
export const BACKGROUND_FUNCTIONS: readonly string[] = [RECONCILER];

/** Every function the shop deploys and builds: the routing table's, then the background ones. */
export const deployedFunctions = (routes: readonly FunctionRoutes[]): string[] => [...routes.map((r) => r.name), ...BACKGROUND_FUNCTIONS];

const NAME = /^[a-z][a-z0-9-]*$/;
const PREFIX = /^\/api(\/[a-z0-9-]+)+$/;

export function loadRoutes(file: string): FunctionRoutes[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { functions?: FunctionRoutes[] };
  const functions = parsed.functions ?? [];
  if (functions.length === 0) throw new Error(`${file}: no functions`);
  const seen = new Map<string, string>();
  for (const fn of functions) {
    if (!NAME.test(fn.name)) throw new Error(`${file}: function name '${fn.name}' is not kebab-case`);
    if (BACKGROUND_FUNCTIONS.includes(fn.name)) throw new Error(`${file}: ${fn.name} serves no route (it runs on a schedule)`);
    for (const prefix of fn.prefixes) {
      if (!PREFIX.test(prefix)) throw new Error(`${file}: '${prefix}' of ${fn.name} is not an /api/... prefix`);
      const owner = seen.get(prefix);
      if (owner) throw new Error(`${file}: '${prefix}' is served by both ${owner} and ${fn.name}`);
      seen.set(prefix, fn.name);
    }
  }
  return functions;
}

/** The HTTP API route keys of one prefix: the prefix itself and everything below it. */
export function routeKeys(prefix: string): string[] {
  return [`ANY ${prefix}`, `ANY ${prefix}/{proxy+}`];
}

/** The cargo-lambda crates under functions/ (a directory with a Cargo.toml). */
export function functionCrates(repoRoot: string): string[] {
  const dir = join(repoRoot, "functions");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "Cargo.toml")))
    .map((entry) => entry.name)
    .sort();
}
