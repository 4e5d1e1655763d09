// The grants are data (shared/function-access.json), read by the CDK app and
// by the Rust side alike: the file is checked as it is read, so a typo can
// never become a grant, and what infra builds from it is exactly what it says.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { ACCESS, FUNCTION_ACCESS_URL, type Grant, parseFunctionAccess, withTuning } from "../lib/function-access.ts";
import { deployedFunctions } from "../lib/routes.ts";
import { realRoutes, repoRoot, type Json } from "./support.ts";

/** The file as the Rust side reads it: the file itself, not infra's copy of it. */
const text = readFileSync(join(repoRoot, "shared", "function-access.json"), "utf8");
const file = JSON.parse(text) as Json;

/** The real file with one change made to a copy of it. */
const changed = (change: (json: Json) => void): string => {
  const copy = structuredClone(file);
  change(copy);
  return JSON.stringify(copy);
};

const refused = (change: (json: Json) => void, message: RegExp) => assert.throws(() => parseFunctionAccess(changed(change)), message);

describe("function access", () => {
  it("is read from shared/function-access.json, each entry a deployed function's, with its reason", () => {
    assert.equal(FUNCTION_ACCESS_URL.pathname, join(repoRoot, "shared", "function-access.json"));
    const deployed = deployedFunctions(realRoutes());
    for (const name of Object.keys(file.functions)) assert.ok(deployed.includes(name), `${name} is no function of routes.json or a background one`);
    for (const [name, grant] of Object.entries<Json>(file.functions)) assert.ok(grant.why.length > 40, `${name} says why`);
  });

  it("gives infra exactly the file's grants, with the deployment tuning beside them", () => {
    const grants = parseFunctionAccess(text);
    for (const [name, access] of Object.entries(ACCESS)) {
      const { memoryMb: _m, timeoutSeconds: _t, sharedCache: _c, ...grant } = access;
      assert.deepEqual(grant, grants[name], name);
      assert.deepEqual(grant, file.functions[name], name);
    }
    assert.equal(ACCESS.catalog.sharedCache, true);
    assert.equal(ACCESS.auth.memoryMb, 1024);
    assert.ok(ACCESS.payment.timeoutSeconds! > 0 && ACCESS.reconcile.timeoutSeconds! > ACCESS.payment.timeoutSeconds!);
  });

  it("keeps deployment tuning out of the shared file, and refuses tuning for a function it does not list", () => {
    refused((j) => (j.functions.auth.memoryMb = 1024), /auth: unknown field 'memoryMb'/);
    refused((j) => (j.functions.catalog.sharedCache = true), /catalog: unknown field 'sharedCache'/);
    const grants: Record<string, Grant> = { cart: { why: "a bag" } };
    assert.throws(() => withTuning(grants, { carts: { memoryMb: 512 } }), /tuning for 'carts'/);
    assert.deepEqual(withTuning(grants, { cart: { memoryMb: 512 } }), { cart: { why: "a bag", memoryMb: 512 } });
  });

  it("refuses an action IAM could not hold to a partition, or one it does not know", () => {
    for (const action of ["Scan", "BatchWriteItem", "PartiQLSelect", "getitem", "dynamodb:GetItem", "*", 7]) {
      refused((j) => j.functions.cart.table.items["USER#"].push(action), /cart\.table\.items\.USER#: .* is not an item action/);
    }
    refused((j) => (j.functions.cart.table.items["USER#"] = []), /non-empty list of actions/);
    refused((j) => (j.functions.cart.table.items["USER#"] = "GetItem"), /non-empty list of actions/);
    refused((j) => j.functions.cart.table.items["USER#"].push("GetItem"), /names an action twice/);
  });

  it("refuses a prefix that could open the whole table, or another function's partitions by accident", () => {
    for (const prefix of ["", "*", "USER", "user#", "USER#*", "#USER", "RATE#paypal-order#*"]) {
      refused((j) => (j.functions.cart.table.items[prefix] = ["GetItem"]), /is not a partition-key prefix/);
      refused((j) => (j.functions.reconcile.table.gsi1 = [prefix]), /is not a partition-key prefix/);
    }
    refused((j) => (j.functions.reconcile.table.gsi1 = []), /reconcile\.table\.gsi1: must be a non-empty list/);
    refused((j) => (j.functions.reconcile.table.gsi1 = ["PAYMENTS#OPEN", "PAYMENTS#OPEN"]), /names a prefix twice/);
    refused((j) => (j.functions.cart.table.items = {}), /at least one partition-key prefix/);
  });

  it("refuses a field, a secret, an invoice access or a flag it does not know, and a grant without its reason", () => {
    refused((j) => (j.functions.reconcile.table.gsi2 = ["ORDERS#pending"]), /reconcile\.table: unknown field 'gsi2'/);
    refused((j) => (j.functions.cart.tables = j.functions.cart.table), /cart: unknown field 'tables'/);
    refused((j) => (j.grants = {}), /top level: unknown field 'grants'/);
    refused((j) => (j.functions.payment.secrets = ["payment", "stripe"]), /unknown secret "stripe"/);
    refused((j) => (j.functions.payment.secrets = "payment"), /payment\.secrets: must be a list/);
    refused((j) => (j.functions.payment.invoices = "delete"), /payment\.invoices: must be one of read, write, readwrite/);
    refused((j) => (j.functions.auth.mail = "yes"), /auth\.mail: must be true or false/);
    refused((j) => (j.functions.auth.session = 1), /auth\.session: must be true or false/);
    refused((j) => delete j.functions.auth.why, /auth\.why: every grant says why/);
    refused((j) => (j.functions.auth.why = " "), /auth\.why: every grant says why/);
    refused((j) => (j.functions.Auth = j.functions.auth), /Auth: a function name is kebab-case/);
    refused((j) => (j.functions.cart = ["USER#"]), /cart: must be an object/);
    refused((j) => (j.functions = []), /functions: must be an object/);
  });

  it("refuses a file that is not JSON, and names the file", () => {
    assert.throws(() => parseFunctionAccess('{"functions": {', "shared/function-access.json"), /^Error: shared\/function-access\.json: not JSON/);
    assert.throws(() => parseFunctionAccess("[]"), /top level: must be an object/);
  });
});
