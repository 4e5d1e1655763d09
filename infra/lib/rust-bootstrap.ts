// The functions' code: arm64 `bootstrap` binaries built by cargo-lambda (zig
// cross-compiles, no Docker), run on the first asset CDK bundles. Each
// function is built in a cargo invocation of its own with
// `--no-default-features`, so it links only the AWS adapters its Cargo.toml
// names (cargo unifies features across the packages of one invocation, which
// would give every function every adapter). The workspace's release profile
// (LTO, one codegen unit, strip, panic = "unwind") applies with
// infra/lambda-build.toml over it (optimised for size), and cargo-lambda adds
// what the profile leaves unset (target-cpu of Lambda's hosts). `make
// bench` builds the same way (infra/bin/build-bootstraps.ts). When bundling
// is skipped (`-c aws:cdk:bundling-stacks=[]`, the tests) nothing is built.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { AssetHashType, DockerImage } from "aws-cdk-lib";
import * as lambda from "aws-cdk-lib/aws-lambda";

export type Architecture = "arm64" | "x86_64";

export interface BuiltBootstrap {
  readonly name: string;
  /** The `bootstrap` binary; CDK zips the asset folder holding it. */
  readonly path: string;
  readonly bytes: number;
}

let built: Map<string, BuiltBootstrap> | undefined;

/** Where cargo-lambda leaves `<name>/bootstrap` for an architecture. */
export function lambdaDir(repoRoot: string, architecture: Architecture = "arm64"): string {
  const target = process.env.CARGO_TARGET_DIR ?? join(repoRoot, "target");
  return join(target, architecture === "arm64" ? "lambda-arm64" : "lambda-x86_64");
}

/** The deployed bootstraps' settings over the release profile (size first), relative to the repository. */
export const LAMBDA_BUILD_CONFIG = "infra/lambda-build.toml";

/** The `cargo` arguments that build one function's bootstrap as deployed. */
export function cargoLambdaArgs(name: string, architecture: Architecture, dir: string): string[] {
  const arch = architecture === "arm64" ? "--arm64" : "--x86-64";
  return [
    "lambda",
    "build",
    "--release",
    "--config",
    LAMBDA_BUILD_CONFIG,
    arch,
    "--no-default-features",
    "--output-format",
    "binary",
    "--lambda-dir",
    dir,
    "-p",
    name,
  ];
}

/** Builds each function in its own invocation; throws on the first failure. */
export function buildBootstraps(repoRoot: string, names: readonly string[], architecture: Architecture = "arm64"): Map<string, BuiltBootstrap> {
  const dir = lambdaDir(repoRoot, architecture);
  const started = Date.now();
  const result = new Map<string, BuiltBootstrap>();
  for (const name of names) {
    const args = cargoLambdaArgs(name, architecture, dir);
    process.stderr.write(`infra: cargo ${args.join(" ")}\n`);
    const run = spawnSync("cargo", args, { cwd: repoRoot, stdio: ["ignore", process.stderr, process.stderr] });
    if (run.error || run.status !== 0) {
      throw new Error(
        `cargo lambda build of ${name} failed (${run.error?.message ?? `exit ${run.status}`}). ` +
          "It needs cargo-lambda and zig on PATH (`make infra-synth-deps` puts them in .venv) and the aarch64-unknown-linux-gnu target; " +
          "or synthesize without bundling: -c aws:cdk:bundling-stacks=[]",
      );
    }
    const path = join(dir, name, "bootstrap");
    if (!existsSync(path)) throw new Error(`cargo lambda build left no ${path}: is the binary of ${name} named ${name}?`);
    result.set(name, { name, path, bytes: statSync(path).size });
  }
  process.stderr.write(`infra: built ${names.length} ${architecture} bootstraps in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

/** The built bootstraps of this process (after a bundling synth), for the size report. */
export const builtBootstraps = (): BuiltBootstrap[] => [...(built?.values() ?? [])];

/**
 * The code asset of one function: a folder holding only its `bootstrap`.
 * The source directory only names the asset: its hash is the bundled
 * folder's, that is the binary's bytes (no zip, no modification time), so an
 * unchanged function is not uploaded or deployed again.
 */
export function rustBootstrapCode(repoRoot: string, name: string, allNames: readonly string[]): lambda.Code {
  return lambda.Code.fromAsset(join(repoRoot, "functions", name), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always answers (or fails loudly), so Docker is not needed.
      image: DockerImage.fromRegistry("cargo-lambda-is-local-only"),
      local: {
        tryBundle(outputDir: string) {
          built ??= buildBootstraps(repoRoot, allNames);
          const bootstrap = built.get(name);
          if (!bootstrap) throw new Error(`functions/${name} was not built`);
          copyBootstrap(bootstrap.path, outputDir);
          return true;
        },
      },
    },
  });
}

/** The asset folder's one file, executable as Lambda's runtime requires. */
export function copyBootstrap(binary: string, outputDir: string): void {
  const target = join(outputDir, "bootstrap");
  copyFileSync(binary, target);
  chmodSync(target, 0o755);
}
