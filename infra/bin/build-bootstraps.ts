// `make lambda-bootstraps`: every function of the routing table, the
// background ones (the reconciler) and the hello-lambda yardstick, built
// exactly as a bundling synth builds them (lib/rust-bootstrap.ts), for each
// architecture named on the command line (default: both). `make bench`
// measures what this leaves in $CARGO_TARGET_DIR/lambda-<architecture>/<name>/bootstrap.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deployedFunctions, loadRoutes } from "../lib/routes.ts";
import { type Architecture, buildBootstraps } from "../lib/rust-bootstrap.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const names = [...deployedFunctions(loadRoutes(join(repoRoot, "shared", "routes.json"))), "hello-lambda"];
const requested = process.argv.slice(2);
const architectures: Architecture[] = requested.length > 0 ? (requested as Architecture[]) : ["x86_64", "arm64"];
for (const architecture of architectures) {
  if (architecture !== "x86_64" && architecture !== "arm64") throw new Error(`unknown architecture ${architecture}: x86_64 or arm64`);
  buildBootstraps(repoRoot, names, architecture);
}
