// How the functions' bootstraps are built and hashed (lib/rust-bootstrap.ts),
// and what the function crates give that build.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FileSystem } from "aws-cdk-lib";
import { functionCrates } from "../lib/routes.ts";
import { LAMBDA_BUILD_CONFIG, cargoLambdaArgs, copyBootstrap } from "../lib/rust-bootstrap.ts";
import { repoRoot } from "./support.ts";

/** The lines of one `[table]` of a TOML file, up to the next table. */
function tomlTable(file: string, table: string): string {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(`\n[${table}]\n`);
  assert.ok(start >= 0, `${file} has no [${table}]`);
  const rest = text.slice(start + table.length + 4);
  const end = rest.search(/\n\[/);
  return end < 0 ? rest : rest.slice(0, end);
}

describe("bootstrap build", () => {
  it("builds one function per invocation, without its default (embedded) features, with cargo-lambda optimisations on", () => {
    const args = cargoLambdaArgs("catalog", "arm64", "/tmp/lambda");
    assert.deepEqual(args.slice(0, 3), ["lambda", "build", "--release"]);
    assert.ok(args.includes("--arm64"));
    assert.ok(args.includes("--no-default-features"));
    assert.deepEqual(args.slice(-2), ["-p", "catalog"]);
    assert.equal(args.filter((a) => a === "-p").length, 1);
    assert.ok(!args.includes("--disable-optimizations"));
    assert.ok(cargoLambdaArgs("catalog", "x86_64", "/tmp/lambda").includes("--x86-64"));
  });

  it("keeps the workspace's release profile, unwinding included, so cargo-lambda does not impose panic=abort", () => {
    const profile = tomlTable(join(repoRoot, "Cargo.toml"), "profile.release");
    assert.match(profile, /^panic = "unwind"$/m);
    assert.match(profile, /^lto = true$/m);
    assert.match(profile, /^codegen-units = 1$/m);
  });

  it("builds the bootstraps for size over the release profile, password hashing kept at full speed", () => {
    const args = cargoLambdaArgs("auth", "x86_64", "/tmp/lambda");
    assert.equal(args[args.indexOf("--config") + 1], LAMBDA_BUILD_CONFIG);
    const config = join(repoRoot, LAMBDA_BUILD_CONFIG);
    assert.match(tomlTable(config, "profile.release"), /^opt-level = "z"$/m);
    for (const hot of ["argon2", "blake2"]) assert.match(tomlTable(config, `profile.release.package.${hot}`), /^opt-level = 3$/m, hot);
  });

  it("gives every function crate embedded adapters by default only, and no embedded or full adapters on app", () => {
    for (const name of functionCrates(repoRoot)) {
      const file = join(repoRoot, "functions", name, "Cargo.toml");
      assert.match(tomlTable(file, "features"), /^default = \["embedded"\]$/m, `${name}: default features`);
      const app = tomlTable(file, "dependencies").match(/^app = \{ workspace = true, features = \[(.*)\] \}$/m);
      assert.ok(app, `${name}: app names the AWS adapters it uses`);
      assert.ok(!/"(embedded|full)"/.test(app[1]), `${name}: the Lambda build must not carry ${app[1]}`);
      assert.match(app[1], /"aws-dynamodb"/, `${name}: every function reads the table`);
    }
  });
});

describe("bootstrap asset", () => {
  const binary = (bytes: string) => {
    const file = join(mkdtempSync(join(tmpdir(), "bootstrap-")), "built");
    writeFileSync(file, bytes);
    return file;
  };
  const staged = (file: string) => {
    const dir = mkdtempSync(join(tmpdir(), "asset-"));
    copyBootstrap(file, dir);
    return dir;
  };

  it("is a folder holding the executable bootstrap", () => {
    const dir = staged(binary("\x7fELF one"));
    const mode = statSync(join(dir, "bootstrap")).mode;
    assert.equal(mode & 0o111, 0o111);
    assert.equal(readFileSync(join(dir, "bootstrap"), "utf8"), "\x7fELF one");
  });

  it("hashes the binary's bytes, not when it was built", () => {
    const first = binary("\x7fELF same");
    const again = binary("\x7fELF same");
    utimesSync(again, new Date("2001-01-01"), new Date("2001-01-01"));
    const hash = (file: string) => FileSystem.fingerprint(staged(file));
    assert.equal(hash(first), hash(again));
    assert.notEqual(hash(first), hash(binary("\x7fELF changed")));
  });
});
