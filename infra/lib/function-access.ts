// What each function may touch, by name, and how it is deployed. The access
// (table partitions and actions, GSI1 prefixes, mail, invoices, secrets,
// session) is data, shared/function-access.json, which the Rust side reads
// too: locally every function's table port refuses what its grant does not
// allow, as IAM does here. Each entry's `why` says how the grant was found
// (the file's `$comment`: prefixes from the domain's key functions, actions
// from what the DynamoDB adapter sends). This module reads and checks the
// file (an unknown action or field, or a prefix that could open the whole
// table, fails the synth) and adds the deployment tuning (memory, timeout,
// CloudFront caching), which is infra's alone.
//
// A function not listed gets the origin secret and nothing else: no table
// access until its partitions are written down (the synth warns), so a new
// routes.json entry can never read the whole table, password hashes included.
// Table grants are per partition-key prefix (DESIGN.md section 4), checked by
// IAM with `dynamodb:LeadingKeys` (see tableStatements). Scan and
// BatchWriteItem are never granted: a Scan names no partition key, and
// ForAllValues holds for a request without the key, so no LeadingKeys
// condition could hold a Scan back.

import { readFileSync } from "node:fs";
import { PAYMENT_BUDGET } from "./payment-budget.ts";

export const SECRET_NAMES = ["payment", "paypal", "oauth"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The DynamoDB item actions a function may be granted. */
export const ITEM_ACTIONS = ["GetItem", "BatchGetItem", "Query", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheckItem"] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export const INVOICE_ACCESS = ["read", "write", "readwrite"] as const;

/**
 * A partition-key prefix: capitals up to its first `#` (an empty prefix
 * would be `*`, the whole table), then what the domain writes after it,
 * which may be lower case (an order status: `ORDERS#pending`).
 */
export const PARTITION_PREFIX = /^[A-Z][A-Z0-9_]*#[A-Za-z0-9_#]*$/;

export interface TableAccess {
  /** Partition-key prefix of the table (`USER#`, `EMAIL#`...) -> the actions on items under it. */
  readonly items: Readonly<Record<string, readonly ItemAction[]>>;
  /**
   * GSI1 partition-key prefixes the function queries (Query on the index
   * only). An index query's `dynamodb:LeadingKeys` is the index's partition
   * key (`gsi1pk`), not the table's, so these are granted on the index ARN
   * in a statement of their own.
   */
  readonly gsi1?: readonly string[];
}

/** What a function may touch: one entry of shared/function-access.json. */
export interface Grant {
  /** How the grant was found: the code paths behind each prefix and action. */
  readonly why?: string;
  /** Its items in the single table; absent: none. */
  readonly table?: TableAccess;
  /** ses:SendEmail from the sender address. */
  readonly mail?: boolean;
  /** The private invoices/ prefix of the blobs bucket: `write` puts them, `read` serves them. */
  readonly invoices?: (typeof INVOICE_ACCESS)[number];
  readonly secrets?: readonly SecretName[];
  /** Signs or verifies access tokens or signed links: reads the session key secret. */
  readonly session?: boolean;
}

/** How a function is deployed: infra's alone, never in the shared file. */
export interface Tuning {
  /** Lambda CPU scales with memory: argon2id hashing wants more of both. */
  readonly memoryMb?: number;
  /** Its Lambda timeout; absent: DEFAULT_TIMEOUT_SECONDS. */
  readonly timeoutSeconds?: number;
  /**
   * Its answers are the same for every visitor (no cookie, no session), so
   * CloudFront may keep them as long as their Cache-Control says.
   */
  readonly sharedCache?: boolean;
}

export interface FunctionAccess extends Grant, Tuning {}

export const DEFAULT_ACCESS: FunctionAccess = {};

export const FUNCTION_ACCESS_URL = new URL("../../shared/function-access.json", import.meta.url);

const FUNCTION_NAME = /^[a-z][a-z0-9-]*$/;
const GRANT_FIELDS = ["why", "table", "mail", "invoices", "secrets", "session"];
const TABLE_FIELDS = ["items", "gsi1"];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The grants of a JSON text (shared/function-access.json), by function name.
 * Refuses anything it does not know rather than skip it: an unknown field
 * (a tuning field, a misspelt `gsi1`), an action outside ITEM_ACTIONS (Scan,
 * BatchWriteItem), a prefix that is not PARTITION_PREFIX, an empty or
 * repeated action list, a secret or invoice access it does not know, an
 * entry without its `why`.
 */
export function parseFunctionAccess(text: string, file = "shared/function-access.json"): Record<string, Grant> {
  const fail = (where: string, message: string): never => {
    throw new Error(`${file}: ${where}: ${message}`);
  };
  const known = (where: string, value: Json, fields: readonly string[]) => {
    for (const field of Object.keys(value)) {
      if (!fields.includes(field)) fail(where, `unknown field '${field}' (known: ${fields.join(", ")})`);
    }
  };
  const prefixes = (where: string, value: unknown): string[] => {
    if (!Array.isArray(value) || value.length === 0) return fail(where, "must be a non-empty list of partition-key prefixes");
    for (const prefix of value) {
      if (typeof prefix !== "string" || !PARTITION_PREFIX.test(prefix)) fail(where, `${JSON.stringify(prefix)} is not a partition-key prefix such as USER#`);
    }
    if (new Set(value).size !== value.length) fail(where, "names a prefix twice");
    return value as string[];
  };

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return fail("not JSON", (e as Error).message);
  }
  if (!isObject(parsed)) return fail("top level", "must be an object");
  known("top level", parsed, ["$comment", "functions"]);
  const functions = parsed.functions;
  if (!isObject(functions)) return fail("functions", "must be an object of function name -> grant");

  const grants: Record<string, Grant> = {};
  for (const [name, entry] of Object.entries(functions)) {
    if (!FUNCTION_NAME.test(name)) fail(name, "a function name is kebab-case, as in routes.json");
    if (!isObject(entry)) return fail(name, "must be an object");
    known(name, entry, GRANT_FIELDS);
    if (typeof entry.why !== "string" || entry.why.trim() === "") fail(`${name}.why`, "every grant says why: the code paths behind it");
    for (const flag of ["mail", "session"] as const) {
      if (entry[flag] !== undefined && typeof entry[flag] !== "boolean") fail(`${name}.${flag}`, "must be true or false");
    }
    if (entry.invoices !== undefined && !INVOICE_ACCESS.includes(entry.invoices as never)) {
      fail(`${name}.invoices`, `must be one of ${INVOICE_ACCESS.join(", ")}, not ${JSON.stringify(entry.invoices)}`);
    }
    if (entry.secrets !== undefined) {
      if (!Array.isArray(entry.secrets)) fail(`${name}.secrets`, "must be a list");
      for (const secret of entry.secrets as unknown[]) {
        if (!SECRET_NAMES.includes(secret as never)) fail(`${name}.secrets`, `unknown secret ${JSON.stringify(secret)} (known: ${SECRET_NAMES.join(", ")})`);
      }
    }
    if (entry.table !== undefined) {
      const table = entry.table;
      if (!isObject(table)) return fail(`${name}.table`, "must be an object");
      known(`${name}.table`, table, TABLE_FIELDS);
      if (!isObject(table.items) || Object.keys(table.items).length === 0)
        fail(`${name}.table.items`, "must map at least one partition-key prefix to its actions");
      prefixes(`${name}.table.items`, Object.keys(table.items as Json));
      for (const [prefix, actions] of Object.entries(table.items as Json)) {
        const where = `${name}.table.items.${prefix}`;
        if (!Array.isArray(actions) || actions.length === 0) fail(where, "must be a non-empty list of actions");
        for (const action of actions as unknown[]) {
          if (!ITEM_ACTIONS.includes(action as never))
            fail(where, `${JSON.stringify(action)} is not an item action that may be granted (${ITEM_ACTIONS.join(", ")})`);
        }
        if (new Set(actions as unknown[]).size !== (actions as unknown[]).length) fail(where, "names an action twice");
      }
      if (table.gsi1 !== undefined) prefixes(`${name}.table.gsi1`, table.gsi1);
    }
    grants[name] = entry as Grant;
  }
  return grants;
}

/** The grants with each function's tuning; a tuning for a function the grants do not know is a typo, refused. */
export function withTuning(grants: Readonly<Record<string, Grant>>, tuning: Readonly<Record<string, Tuning>>): Record<string, FunctionAccess> {
  for (const name of Object.keys(tuning)) {
    if (!(name in grants)) throw new Error(`tuning for '${name}', which shared/function-access.json does not list`);
  }
  return Object.fromEntries(Object.entries(grants).map(([name, grant]) => [name, { ...grant, ...tuning[name] }]));
}

/** Each function's deployment, where it is not the default. */
const TUNING: Readonly<Record<string, Tuning>> = {
  // Public answers only: CloudFront keeps them as their Cache-Control says.
  catalog: { sharedCache: true },
  // argon2id: more memory, so more CPU.
  auth: { memoryMb: 1024 },
  // The checkout's budget (shared/payment-budget.json), which the provider requests' own timeouts fit in.
  payment: { timeoutSeconds: PAYMENT_BUDGET.functionTimeoutSeconds },
  reconcile: { timeoutSeconds: PAYMENT_BUDGET.reconcileTimeoutSeconds },
};

export const ACCESS: Readonly<Record<string, FunctionAccess>> = withTuning(parseFunctionAccess(readFileSync(FUNCTION_ACCESS_URL, "utf8")), TUNING);

/** The order statements list their actions in (reads first). */
const ACTION_ORDER: readonly ItemAction[] = ["GetItem", "BatchGetItem", "Query", "ConditionCheckItem", "PutItem", "UpdateItem", "DeleteItem"];

/** One IAM statement of a function's table grant. */
export interface TableStatement {
  /** `dynamodb:GetItem`... */
  readonly actions: readonly string[];
  /** The `dynamodb:LeadingKeys` patterns: each prefix followed by `*`. */
  readonly leadingKeys: readonly string[];
  /** The index the statement is on (its ARN is the table's `/index/<name>`); absent: the table. */
  readonly index?: string;
}

/**
 * A function's table grant as IAM statements, each conditioned on
 * `ForAllValues:StringLike` `dynamodb:LeadingKeys`:
 * - every action is in exactly one table statement, with every prefix it
 *   may touch: IAM checks a request against one statement at a time, and a
 *   BatchGetItem's keys (all of them in `dynamodb:LeadingKeys`) may span
 *   partitions; actions with the same prefixes share a statement;
 * - a transaction is authorized write by write (PutItem, UpdateItem,
 *   DeleteItem, ConditionCheckItem, each with its own item's key), so the
 *   same statements cover it;
 * - GSI1 queries are a statement of their own on the index ARN: there the
 *   leading key is `gsi1pk`, whose partitions are not the table's. The
 *   table statements name the table ARN only, so its prefixes never open
 *   an index, and the index statement allows Query alone.
 */
export function tableStatements(table: TableAccess | undefined, indexName: string): TableStatement[] {
  if (!table) return [];
  const pattern = (prefix: string) => {
    if (!PARTITION_PREFIX.test(prefix)) throw new Error(`'${prefix}' is not a partition-key prefix such as USER#`);
    return `${prefix}*`;
  };
  const prefixesOf = new Map<ItemAction, string[]>();
  for (const [prefix, actions] of Object.entries(table.items)) {
    for (const action of actions) prefixesOf.set(action, [...(prefixesOf.get(action) ?? []), pattern(prefix)]);
  }
  const statements = new Map<string, { actions: string[]; leadingKeys: string[] }>();
  for (const action of ACTION_ORDER) {
    const keys = prefixesOf.get(action);
    if (!keys) continue;
    const leadingKeys = [...new Set(keys)].sort();
    const id = leadingKeys.join(" ");
    const statement = statements.get(id) ?? { actions: [], leadingKeys };
    statement.actions.push(`dynamodb:${action}`);
    statements.set(id, statement);
  }
  const result: TableStatement[] = [...statements.values()];
  if (table.gsi1 && table.gsi1.length > 0) {
    result.push({ actions: ["dynamodb:Query"], leadingKeys: [...new Set(table.gsi1.map(pattern))].sort(), index: indexName });
  }
  return result;
}

export const accessOf = (name: string): FunctionAccess => ACCESS[name] ?? DEFAULT_ACCESS;

export const DEFAULT_MEMORY_MB = 256;

/** Every function's timeout unless its access says otherwise (an API function answers well within it). */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** The /api prefixes whose answers CloudFront may cache (those of the sharedCache functions). */
export const sharedCachePrefixes = (routes: readonly { name: string; prefixes: readonly string[] }[]): string[] =>
  routes.filter((r) => accessOf(r.name).sharedCache).flatMap((r) => r.prefixes);
