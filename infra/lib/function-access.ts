// What each function may touch, by name. A function not listed here gets
// the origin secret and nothing else: no table access until its partitions
// are written down below (the synth warns), so a new routes.json entry can
// never read the whole table, password hashes included.
//
// Table grants are per partition-key prefix (DESIGN.md section 4): each
// action a function's code sends, on the partitions it sends it to, checked
// by IAM with `dynamodb:LeadingKeys` (see tableStatements). The prefixes
// come from the domain's key functions (shared/domain/src: `Key::new(`,
// `format!("…#`) and the modules each function's handlers call; the actions
// from what the DynamoDB adapter (shared/store/src/dynamo) sends for each
// Table port call:
//   get -> GetItem, query -> Query (IndexName gsi1 for Query::on_gsi1),
//   batch_get -> BatchGetItem, put -> PutItem, delete -> DeleteItem,
//   update -> UpdateItem, plus a DeleteItem of the same key when the item in
//     the way has expired and the condition holds for an absent item
//     (Condition::None, NotExists, AbsentOrBelow),
//   transact -> TransactWriteItems, authorized item by item as PutItem,
//     UpdateItem, DeleteItem and ConditionCheckItem (Write::Check), with the
//     same expired-item DeleteItem for its updates.
// Scan and BatchWriteItem are never sent, and never granted: a Scan names no
// partition key, and ForAllValues holds for a request without the key, so
// no LeadingKeys condition could hold a Scan back.

import { PAYMENT_BUDGET } from './payment-budget.ts';

export type SecretName = 'payment' | 'paypal' | 'oauth';

/** The DynamoDB item actions a function may be granted. */
export type ItemAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

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

export interface FunctionAccess {
  /** Its items in the single table; absent: none. */
  readonly table?: TableAccess;
  /** ses:SendEmail from the sender address. */
  readonly mail?: boolean;
  /** The private invoices/ prefix of the blobs bucket: `write` puts them, `read` serves them. */
  readonly invoices?: 'read' | 'write' | 'readwrite';
  readonly secrets?: readonly SecretName[];
  /** Signs or verifies access tokens or signed links: reads the session key secret. */
  readonly session?: boolean;
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

export const DEFAULT_ACCESS: FunctionAccess = {};

/**
 * What every signed-in request costs: the session's GetItem under
 * `USER#<id>` (shop_http's CurrentUser, `Sessions::live`).
 */
const SESSION_READ: ItemAction = 'GetItem';

export const ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Public pages only: never reads a session, so never sees the session key.
  // Reads `CATALOG#<KIND>` (lists: one Query; items: GetItem) and the
  // published documents under `CATALOG#DOCUMENT`; a collection page queries
  // GSI1's `COLLECTION#<id>` (domain::catalog::collection_with_products).
  // Publishing writes are shopctl's, not this function's.
  catalog: {
    table: { items: { 'CATALOG#': ['GetItem', 'Query'] }, gsi1: ['COLLECTION#'] },
    sharedCache: true,
  },
  // register, login, password reset mail, social sign-in (domain::accounts):
  // profiles and session slots under `USER#` (BatchGetItem of the slots,
  // ConditionCheckItem of the session kept by a password change),
  // credentials under `EMAIL#`, social identities `IDP#`, reset links
  // `RESET#`, abuse counters and sign-in backoff `RATE#`. It alone may
  // touch `EMAIL#` (where the password hashes are), `IDP#` and `RESET#`.
  auth: {
    table: {
      items: {
        'USER#': [SESSION_READ, 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
        'EMAIL#': ['GetItem', 'PutItem', 'UpdateItem'],
        'IDP#': ['GetItem', 'PutItem'],
        'RESET#': ['GetItem', 'PutItem', 'DeleteItem'],
        'RATE#': ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
      },
    },
    mail: true,
    secrets: ['oauth'],
    session: true,
    memoryMb: 1024,
  },
  // The shopper's own profile: one conditional UpdateItem of `USER#<id>/PROFILE`.
  users: { table: { items: { 'USER#': [SESSION_READ, 'UpdateItem'] } }, session: true },
  // Bag lines and their count under `USER#` (domain::cart::Bag); an add
  // reads the product from `CATALOG#PRODUCT` (domain::catalog::active_product),
  // the bag is priced against today's products (PricedBag: one BatchGetItem).
  cart: {
    table: {
      items: {
        'USER#': [SESSION_READ, 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
        'CATALOG#PRODUCT': ['GetItem', 'BatchGetItem'],
      },
    },
    session: true,
  },
  // Wishlist entries under `USER#` (domain::wishlist); an add reads the product.
  wishlist: {
    table: {
      items: {
        'USER#': [SESSION_READ, 'Query', 'PutItem', 'DeleteItem'],
        'CATALOG#PRODUCT': ['GetItem'],
      },
    },
    session: true,
  },
  // Addresses and the default marker under `USER#` (domain::address):
  // one address is a BatchGetItem of it and the marker.
  addresses: {
    table: { items: { 'USER#': [SESSION_READ, 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] } },
    session: true,
  },
  // Order history and the customer's delivery confirmation (domain::order::Orders):
  // one Query, one conditional UpdateItem, a GetItem. It serves no invoice.
  orders: { table: { items: { 'USER#': [SESSION_READ, 'Query', 'UpdateItem'] } }, session: true },
  // Made-to-order requests and appointments (domain::requests): a signed-in
  // customer's under `USER#` (and listed with one Query), a visitor's under
  // `REQUEST#`; each submit counts three `RATE#` limits (shop_http::limits:
  // an UpdateItem, and the DeleteItem of an expired counter in its way).
  // Acknowledged by mail.
  requests: {
    table: {
      items: {
        'USER#': [SESSION_READ, 'Query', 'PutItem'],
        'REQUEST#': ['PutItem'],
        'RATE#': ['UpdateItem', 'DeleteItem'],
      },
    },
    mail: true,
    session: true,
  },
  // Checkout (domain::checkout::Payments): claims, the order, the bag it
  // empties, all under `USER#`; a confirmation that could not be mailed is
  // kept under `MAIL#CONFIRMATION` for `shopctl orders resend`. Stores the
  // invoice (never reads it back) and mails the confirmation. Its timeout
  // is the checkout's budget (shared/payment-budget.json), which the
  // provider requests' own timeouts fit in.
  payment: {
    table: {
      items: {
        'USER#': [SESSION_READ, 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
        // The bag priced against today's products (PricedBag).
        'CATALOG#PRODUCT': ['BatchGetItem'],
        'MAIL#CONFIRMATION': ['PutItem'],
      },
    },
    mail: true,
    invoices: 'write',
    secrets: ['payment', 'paypal'],
    session: true,
    timeoutSeconds: PAYMENT_BUDGET.functionTimeoutSeconds,
  },
  // The reconciler (domain::checkout::reconcile; no route, run on a
  // schedule: lib/reconciler.ts) settles what the payment function could
  // not. It queries GSI1 for the open claims past their deadline
  // (`PAYMENTS#OPEN`, Claims::due) and the orders waiting on a PayPal
  // capture (`ORDERS#pending`, order::with_status), asks the provider and
  // PayPal, then under `USER#`: reads the claim, the order and the profile
  // (GetItem), the bag lines (Query), prices them against `CATALOG#PRODUCT`
  // (PricedBag: one BatchGetItem), places the order in the payment's
  // transaction (order put, lines deleted, count and claim updated), moves
  // or releases claims (UpdateItem, DeleteItem) and pending orders
  // (UpdateItem). Stores the invoice, mails the confirmation or keeps its
  // `MAIL#CONFIRMATION` marker. Never a session, never the origin secret:
  // it answers no request.
  reconcile: {
    table: {
      items: {
        'USER#': ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
        'CATALOG#PRODUCT': ['BatchGetItem'],
        'MAIL#CONFIRMATION': ['PutItem'],
      },
      gsi1: ['PAYMENTS#OPEN', 'ORDERS#pending'],
    },
    mail: true,
    invoices: 'write',
    secrets: ['payment', 'paypal'],
    timeoutSeconds: PAYMENT_BUDGET.reconcileTimeoutSeconds,
  },
};

/** The order statements list their actions in (reads first). */
const ACTION_ORDER: readonly ItemAction[] = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem', 'PutItem', 'UpdateItem', 'DeleteItem'];

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
    // An empty prefix would be `*`: the whole table. After the first `#` a
    // prefix may name a value the domain writes in lower case (an order
    // status: `ORDERS#pending`).
    if (!/^[A-Z][A-Z0-9_]*#[A-Za-z0-9_#]*$/.test(prefix)) throw new Error(`'${prefix}' is not a partition-key prefix such as USER#`);
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
    const id = leadingKeys.join(' ');
    const statement = statements.get(id) ?? { actions: [], leadingKeys };
    statement.actions.push(`dynamodb:${action}`);
    statements.set(id, statement);
  }
  const result: TableStatement[] = [...statements.values()];
  if (table.gsi1 && table.gsi1.length > 0) {
    result.push({ actions: ['dynamodb:Query'], leadingKeys: [...new Set(table.gsi1.map(pattern))].sort(), index: indexName });
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
