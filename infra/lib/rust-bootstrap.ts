// The functions' code: arm64 `bootstrap` binaries built by cargo-lambda (zig
// cross-compiles, no Docker). One `cargo lambda build` for every function of
// the routing table, run on the first asset CDK bundles, so cargo unifies
// features once and builds the shared crates once. When bundling is skipped
// (`-c aws:cdk:bundling-stacks=[]`, the tests) nothing is built.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';

export interface BuiltBootstrap {
  readonly name: string;
  readonly zip: string;
  readonly bytes: number;
}

let built: Map<string, BuiltBootstrap> | undefined;

/** Where cargo-lambda leaves `<name>/bootstrap.zip`. */
export function lambdaDir(repoRoot: string): string {
  const target = process.env.CARGO_TARGET_DIR ?? join(repoRoot, 'target');
  return join(target, 'lambda-arm64');
}

function buildAll(repoRoot: string, names: readonly string[]): Map<string, BuiltBootstrap> {
  const dir = lambdaDir(repoRoot);
  // --disable-optimizations: cargo-lambda would otherwise force panic=abort,
  // and the workspace keeps unwinding on purpose (a panicking handler is a 500,
  // not a dead process); LTO, strip and one codegen unit come from the
  // workspace's release profile anyway.
  const args = ['lambda', 'build', '--release', '--arm64', '--disable-optimizations', '--output-format', 'zip', '--lambda-dir', dir];
  for (const name of names) args.push('-p', name);
  const started = Date.now();
  process.stderr.write(`infra: cargo ${args.join(' ')}\n`);
  const run = spawnSync('cargo', args, {
    cwd: repoRoot,
    stdio: ['ignore', process.stderr, process.stderr],
    env: {
      AWS_LC_SYS_NO_JITTER_ENTROPY: '1',
      // Lambda's arm64 hosts are Graviton2 or newer; only the target's code, not build scripts.
      CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS: '-C target-cpu=neoverse-n1',
      ...process.env,
    },
  });
  if (run.error || run.status !== 0) {
    throw new Error(
      `cargo lambda build failed (${run.error?.message ?? `exit ${run.status}`}). ` +
        'It needs cargo-lambda and zig on PATH (`make infra-deps` puts them in .venv) and the aarch64-unknown-linux-gnu target; ' +
        'or synthesize without bundling: -c aws:cdk:bundling-stacks=[]',
    );
  }
  process.stderr.write(`infra: built ${names.length} bootstraps in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const result = new Map<string, BuiltBootstrap>();
  for (const name of names) {
    const zip = join(dir, name, 'bootstrap.zip');
    if (!existsSync(zip)) throw new Error(`cargo lambda build left no ${zip}: is the binary of functions/${name} named ${name}?`);
    result.set(name, { name, zip, bytes: statSync(zip).size });
  }
  return result;
}

/** The built bootstraps of this process (after a bundling synth), for the size report. */
export const builtBootstraps = (): BuiltBootstrap[] => [...(built?.values() ?? [])];

/**
 * The code asset of one function. The source directory only names the asset:
 * its hash is the zip's, so an unchanged binary is not uploaded again.
 */
export function rustBootstrapCode(repoRoot: string, name: string, allNames: readonly string[]): lambda.Code {
  return lambda.Code.fromAsset(join(repoRoot, 'functions', name), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always answers (or fails loudly), so Docker is not needed.
      image: DockerImage.fromRegistry('cargo-lambda-is-local-only'),
      local: {
        tryBundle(outputDir: string) {
          built ??= buildAll(repoRoot, allNames);
          const bootstrap = built.get(name);
          if (!bootstrap) throw new Error(`functions/${name} was not built`);
          copyFileSync(bootstrap.zip, join(outputDir, 'bootstrap.zip'));
          return true;
        },
      },
    },
  });
}
