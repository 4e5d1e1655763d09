// Every file of a component is spelled from the component's published name
// (the reference's module names, src/namespaces.js): Rust modules with `-` as
// `_` (unionpay.rs, us_bank_account.rs), the rest as published
// (unionpay.txt, us-bank-account.js). A second spelling (union_pay.rs,
// union-pay.txt, threeds.rs) fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { NAMESPACES, fileOf } from "../js/src/namespaces.js";

const published = NAMESPACES.map(([name]) => fileOf(name));
const rustNames = published.map((n) => n.replace(/-/g, "_"));
const root = new URL("../", import.meta.url).pathname;
const stems = (dir, ext) =>
  readdirSync(root + dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length));
const squashed = (name) => name.replace(/[-_]/g, "");

/** The Rust files of `dir` that are neither a component's module nor one of `others`. */
function strayModules(dir, others) {
  return stems(dir, ".rs").filter((m) => !rustNames.includes(m) && !others.includes(m));
}

test("the rules' modules are named after the components they hold", () => {
  const shared = ["lib", "authorization", "card", "constants", "errors", "fields", "qr", "wasm"];
  assert.deepEqual(strayModules("src", shared), []);
});

test("the sandbox's client API and its tests name their component as the rules do", () => {
  assert.deepEqual(strayModules("sandbox/src/client_api", ["mod", "cards", "graphql_ops"]), []);
  const suites = ["after_faults", "client_api", "graphql_ops", "sepa_masterpass", "wallet_scripts"];
  assert.deepEqual(strayModules("sandbox/tests", suites), []);
});

test("each component's errors file is its published name", () => {
  const files = stems("src/errors", ".txt").filter((f) => f !== "shared");
  assert.deepEqual(
    files.filter((f) => !published.includes(f)),
    [],
  );
});

test("the JS, its types and its tests spell a component as published", () => {
  const files = [...stems("js/src", ".js"), ...stems("js/types", ".d.ts"), ...stems("tests", ".test.mjs")];
  const misspelt = files.filter((f) => published.some((name) => squashed(f).startsWith(squashed(name)) && !f.startsWith(name)));
  assert.deepEqual(misspelt, []);
  assert.ok(files.includes("unionpay") && files.includes("us-bank-account"), "the check reads the component files");
});
