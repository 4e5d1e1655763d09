// Least privilege on the single table: each function reaches only the
// partitions its code uses (dynamodb:LeadingKeys), with only the actions it
// sends, and GSI1 only where it queries it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { tableStatements } from "../lib/function-access.ts";
import { deployedFunctions } from "../lib/routes.ts";
import { realRoutes, synthShop, templatesOf, type Json } from "./support.ts";

/**
 * Written out here rather than read from shared/function-access.json, so
 * that a grant widened there fails this test. Partition prefix -> actions;
 * `gsi1`: the index partitions queried. How each was found is the `why` of
 * its entry there.
 */
const EXPECTED: Record<string, { items: Record<string, string[]>; gsi1?: string[] }> = {
  catalog: { items: { "CATALOG#": ["GetItem", "Query"] }, gsi1: ["COLLECTION#"] },
  auth: {
    items: {
      "USER#": ["GetItem", "BatchGetItem", "ConditionCheckItem", "PutItem", "UpdateItem", "DeleteItem"],
      "EMAIL#": ["GetItem", "PutItem", "UpdateItem"],
      "IDP#": ["GetItem", "PutItem"],
      "RESET#": ["GetItem", "PutItem", "DeleteItem"],
      "RATE#": ["GetItem", "PutItem", "UpdateItem", "DeleteItem"],
      "CATALOG#HOUSE": ["GetItem"],
    },
  },
  users: { items: { "USER#": ["GetItem", "UpdateItem"] } },
  cart: { items: { "USER#": ["GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"], "CATALOG#PRODUCT": ["GetItem", "BatchGetItem"] } },
  wishlist: { items: { "USER#": ["GetItem", "Query", "PutItem", "DeleteItem"], "CATALOG#PRODUCT": ["GetItem"] } },
  addresses: { items: { "USER#": ["GetItem", "BatchGetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"] } },
  orders: { items: { "USER#": ["GetItem", "Query", "UpdateItem"] } },
  requests: {
    items: { "USER#": ["GetItem", "Query", "PutItem"], "REQUEST#": ["PutItem"], "RATE#": ["UpdateItem", "DeleteItem"], "CATALOG#HOUSE": ["GetItem"] },
  },
  // Checkout: the shopper's claims, order and bag, the products it prices,
  // the confirmation markers and the confirmation's email attempt
  // (ORDERMAIL#: put in the placing's transaction, then settled), and the per-shopper PayPal order limit
  // (RATE#paypal-order#…: an UpdateItem, and the DeleteItem of an expired
  // counter in its way), without which every PayPal checkout failed in AWS.
  payment: {
    items: {
      "USER#": ["GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"],
      "CATALOG#PRODUCT": ["BatchGetItem"],
      "MAIL#CONFIRMATION": ["PutItem"],
      "ORDERMAIL#": ["PutItem", "UpdateItem"],
      "RATE#": ["UpdateItem", "DeleteItem"],
      "CATALOG#HOUSE": ["GetItem"],
    },
  },
  // The reconciler (no route): claims, bag lines, orders, the bag count and
  // profiles under USER#, the products it prices the bag with (one
  // BatchGetItem), the confirmation markers and email attempts; the open claims and the
  // pending orders on GSI1; the run's lease; the part refunds whose answer
  // was lost (REFUND#open) and tomorrow's appointment reminders (GSI1
  // APPOINTMENTS#<day>, the reminder claimed on its REQUEST# item).
  reconcile: {
    items: {
      "USER#": ["GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"],
      "CATALOG#PRODUCT": ["BatchGetItem"],
      "MAIL#CONFIRMATION": ["PutItem"],
      "ORDERMAIL#": ["PutItem", "UpdateItem"],
      "REFUND#open": ["Query", "DeleteItem"],
      "LEASE#": ["PutItem", "DeleteItem"],
      "CATALOG#HOUSE": ["GetItem"],
      "REQUEST#": ["UpdateItem"],
    },
    gsi1: ["APPOINTMENTS#", "ORDERS#pending", "PAYMENTS#OPEN"],
  },
  // The atelier console: the roster, the members' sessions and passkeys and
  // the invitations under STAFF#, the passkey ceremonies, the audit log
  // (and its subject index on GSI1), the house's words for the invitation;
  // the orders (found on GSI1 by status, moved under USER#, the clients'
  // profiles read), their confirmation markers, the emails sent to their
  // clients (each attempt put, then settled) and open part refunds; the
  // payments needing attention (GSI1 PAYMENTS#OPEN); the clients' requests
  // (found on GSI1 REQUESTS#, changed on their own items).
  atelier: {
    items: {
      "STAFF#": ["GetItem", "BatchGetItem", "Query", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheckItem"],
      "CEREMONY#": ["GetItem", "PutItem", "DeleteItem"],
      "AUDIT#": ["Query", "PutItem"],
      "USER#": ["GetItem", "BatchGetItem", "UpdateItem"],
      "MAIL#CONFIRMATION": ["GetItem", "DeleteItem"],
      "ORDERMAIL#": ["PutItem", "UpdateItem"],
      "REFUND#open": ["Query", "PutItem", "DeleteItem"],
      "CATALOG#HOUSE": ["GetItem"],
      "REQUEST#": ["UpdateItem", "PutItem"],
    },
    gsi1: ["AUDIT#", "ORDERS#", "PAYMENTS#OPEN", "REQUESTS#"],
  },
};

const WRITES = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "ConditionCheckItem"];

/** IAM's StringLike: `*` any run of characters, `?` one. */
const like = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .split("")
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  ).test(value);

describe("table grants", () => {
  const routes = realRoutes();
  const shop = synthShop(routes);
  const functions = templatesOf(shop)("functions");

  /** The DynamoDB statements on a function's role. */
  const dynamoStatements = (name: string): Json[] => {
    const fn = shop.functions.functions.get(name)!;
    const roleId = Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as CfnElement);
    return Object.values(functions.findResources("AWS::IAM::Policy"))
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[])
      .filter((s) => [s.Action].flat().some((a: string) => a.startsWith("dynamodb:")));
  };
  const onIndex = (s: Json) => JSON.stringify(s.Resource).includes("/index/");
  const actions = (s: Json): string[] => [s.Action].flat().map((a: string) => a.replace("dynamodb:", ""));
  const leadingKeys = (s: Json): string[] => s.Condition["ForAllValues:StringLike"]["dynamodb:LeadingKeys"];
  /** Whether any statement lets the function send `action` on an item whose partition key is `pk`. */
  const allows = (name: string, action: string, pk: string) =>
    dynamoStatements(name).some((s) => !onIndex(s) && actions(s).includes(action) && leadingKeys(s).some((p) => like(p, pk)));
  const touches = (name: string, pk: string) => dynamoStatements(name).some((s) => !onIndex(s) && leadingKeys(s).some((p) => like(p, pk)));

  it("knows every function of the routing table, and the background ones", () => {
    assert.deepEqual(deployedFunctions(routes).sort(), Object.keys(EXPECTED).sort());
    assert.deepEqual([...shop.functions.functions.keys()].sort(), Object.keys(EXPECTED).sort());
  });

  it("conditions every statement on ForAllValues:StringLike dynamodb:LeadingKeys, on the table or GSI1 only", () => {
    for (const name of Object.keys(EXPECTED)) {
      const statements = dynamoStatements(name);
      assert.ok(statements.length > 0, name);
      for (const s of statements) {
        assert.equal(s.Effect, "Allow");
        assert.deepEqual(Object.keys(s.Condition), ["ForAllValues:StringLike"], name);
        assert.deepEqual(Object.keys(s.Condition["ForAllValues:StringLike"]), ["dynamodb:LeadingKeys"], name);
        // A value the domain writes in lower case may follow the first # (an order status: ORDERS#pending).
        assert.ok(
          leadingKeys(s).every((p) => /^[A-Z][A-Z0-9_]*#[A-Za-z0-9_#]*\*$/.test(p)),
          `${name}: ${leadingKeys(s)}`,
        );
        const resource = JSON.stringify(s.Resource);
        assert.match(resource, /Fn::ImportValue.*CoutureStagingData.*Arn/, name);
        if (onIndex(s)) assert.match(resource, /"\/index\/gsi1"\]/, `${name}: GSI1 by name, never index/*`);
        else assert.doesNotMatch(resource, /index/, name);
      }
    }
  });

  it("gives each function exactly its partitions, each with exactly the actions it sends", () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const granted: Record<string, string[]> = {};
      for (const s of dynamoStatements(name).filter((s) => !onIndex(s))) {
        for (const pattern of leadingKeys(s)) {
          const prefix = pattern.slice(0, -1);
          granted[prefix] = [...(granted[prefix] ?? []), ...actions(s)];
        }
      }
      const sorted = (r: Record<string, string[]>) =>
        Object.fromEntries(
          Object.entries(r)
            .map(([k, v]) => [k, [...v].sort()])
            .sort(),
        );
      assert.deepEqual(sorted(granted), sorted(expected.items), name);
    }
  });

  it("never grants Scan, BatchWriteItem, PartiQL or a wildcard action: a Scan names no partition to check", () => {
    for (const name of Object.keys(EXPECTED)) {
      for (const action of dynamoStatements(name).flatMap(actions)) {
        assert.ok(["GetItem", "BatchGetItem", "Query", "ConditionCheckItem", "PutItem", "UpdateItem", "DeleteItem"].includes(action), `${name}: ${action}`);
      }
    }
  });

  it("puts each action in one table statement, with all its partitions (a BatchGetItem may span them)", () => {
    for (const name of Object.keys(EXPECTED)) {
      const seen = dynamoStatements(name)
        .filter((s) => !onIndex(s))
        .flatMap(actions);
      assert.equal(new Set(seen).size, seen.length, name);
    }
    // addresses: one address and the default marker in one BatchGetItem, both USER#.
    assert.ok(allows("addresses", "BatchGetItem", "USER#01J"));
  });

  it("queries GSI1 only where the code does, on its own partitions, with Query alone", () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const index = dynamoStatements(name).filter(onIndex);
      if (!expected.gsi1) {
        assert.equal(index.length, 0, `${name} queries no index`);
        continue;
      }
      assert.equal(index.length, 1, name);
      assert.deepEqual(actions(index[0]), ["Query"], name);
      assert.deepEqual(
        leadingKeys(index[0]),
        expected.gsi1.map((p) => `${p}*`),
        name,
      );
    }
    // The catalogue's index grant reaches collections, not the operators' order or request lists.
    const [catalogIndex] = dynamoStatements("catalog").filter(onIndex);
    for (const pk of ["ORDERS#placed", "REQUESTS#MADE_TO_ORDER"]) assert.ok(!leadingKeys(catalogIndex).some((p) => like(p, pk)), pk);
    // The reconciler's reaches the open claims and the pending orders, no other status, no collection or request list.
    const [reconcileIndex] = dynamoStatements("reconcile").filter(onIndex);
    for (const pk of ["PAYMENTS#OPEN", "ORDERS#pending"])
      assert.ok(
        leadingKeys(reconcileIndex).some((p) => like(p, pk)),
        pk,
      );
    for (const pk of ["ORDERS#awaiting_confirmation", "ORDERS#confirmed", "ORDERS#delivered", "ORDERS#canceled", "COLLECTION#01J", "REQUESTS#MADE_TO_ORDER"]) {
      assert.ok(!leadingKeys(reconcileIndex).some((p) => like(p, pk)), pk);
    }
  });

  it("keeps credentials, identities and reset links to the auth function", () => {
    for (const pk of ["EMAIL#ada@example.com", "IDP#google#42", "RESET#4f2a"]) {
      for (const name of Object.keys(EXPECTED)) assert.equal(touches(name, pk), name === "auth", `${name} and ${pk}`);
    }
    for (const name of ["wishlist", "cart", "addresses", "orders"]) {
      assert.ok(!touches(name, "EMAIL#ada@example.com"), `${name} can never read a password hash`);
      assert.ok(touches(name, "USER#01JD0000000000000000000000"), `${name} reaches the shopper's partition`);
    }
  });

  it("lets only the catalogue read the whole catalogue, and nothing write it", () => {
    for (const name of Object.keys(EXPECTED)) {
      assert.equal(touches(name, "CATALOG#DOCUMENT"), name === "catalog", name);
      for (const write of WRITES) assert.ok(!allows(name, write, "CATALOG#PRODUCT"), `${name} ${write}`);
    }
    assert.ok(allows("cart", "GetItem", "CATALOG#PRODUCT") && allows("wishlist", "GetItem", "CATALOG#PRODUCT"));
    assert.ok(allows("reconcile", "BatchGetItem", "CATALOG#PRODUCT") && !touches("reconcile", "CATALOG#COLLECTION"));
    // Its BatchGetItem reaches the products only, never a shopper's items (a batch is checked key by key, ForAllValues).
    assert.ok(!allows("reconcile", "BatchGetItem", "USER#01JD0000000000000000000000"));
  });

  it("lets the reconciler settle a shopper's payment, and nothing of the accounts", () => {
    const user = "USER#01JD0000000000000000000000";
    for (const action of ["GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"]) assert.ok(allows("reconcile", action, user), action);
    assert.ok(allows("reconcile", "PutItem", "MAIL#CONFIRMATION"));
    assert.ok(!allows("reconcile", "DeleteItem", "MAIL#CONFIRMATION"), "only shopctl clears the markers");
    assert.ok(allows("reconcile", "PutItem", "LEASE#reconcile") && allows("reconcile", "DeleteItem", "LEASE#reconcile"), "one run at a time");
    assert.ok(!touches("payment", "LEASE#reconcile"), "the lease is the reconciler's");
    assert.ok(allows("reconcile", "UpdateItem", "REQUEST#01J"), "a reminder is claimed on its appointment");
    assert.ok(!allows("reconcile", "DeleteItem", "REQUEST#01J") && !allows("reconcile", "PutItem", "REQUEST#01J"), "and nothing else of a request");
    for (const pk of ["EMAIL#ada@example.com", "RATE#login#1.2.3.4", "STAFF#01J", "AUDIT#2026-12", "CATALOG#DOCUMENT"])
      assert.ok(!touches("reconcile", pk), pk);
  });

  it("lets the payment function count a shopper's PayPal orders, and only count them", () => {
    const counter = "RATE#paypal-order#3f9a0c1d2e4b5a6978877665544332211";
    assert.ok(allows("payment", "UpdateItem", counter), "limits::hit: one UpdateItem of the window's counter");
    assert.ok(allows("payment", "DeleteItem", counter), "the expired counter in its way");
    for (const action of ["GetItem", "PutItem", "Query", "BatchGetItem"]) assert.ok(!allows("payment", action, counter), action);
  });

  it("keeps read-only functions read-only", () => {
    for (const name of ["catalog"]) {
      assert.deepEqual(
        dynamoStatements(name)
          .flatMap(actions)
          .filter((a) => WRITES.includes(a)),
        [],
        name,
      );
    }
  });

  it("refuses a prefix that would open the whole table", () => {
    for (const bad of ["", "*", "user#", "USER"]) {
      assert.throws(() => tableStatements({ items: { [bad]: ["GetItem"] } }, "gsi1"), /partition-key prefix/, bad);
    }
    assert.deepEqual(tableStatements(undefined, "gsi1"), []);
  });
});
