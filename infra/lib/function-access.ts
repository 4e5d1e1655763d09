// What each function may touch, by name. Anything not listed here gets the
// default: read-write on the table and nothing else, so a new routes.json
// entry deploys with the narrowest useful grant.

export type TableAccess = 'read' | 'readwrite';
export type SecretName = 'payment' | 'paypal' | 'oauth';

export interface FunctionAccess {
  readonly table: TableAccess;
  /** ses:SendEmail from the sender address. */
  readonly mail?: boolean;
  /** The private invoices/ prefix of the blobs bucket. */
  readonly invoices?: 'read' | 'readwrite';
  readonly secrets?: readonly SecretName[];
  /** Signs or verifies access tokens or signed links: reads the session key secret. */
  readonly session?: boolean;
  /** Lambda CPU scales with memory: argon2id hashing wants more of both. */
  readonly memoryMb?: number;
  /**
   * Its answers are the same for every visitor (no cookie, no session), so
   * CloudFront may keep them as long as their Cache-Control says.
   */
  readonly sharedCache?: boolean;
}

export const DEFAULT_ACCESS: FunctionAccess = { table: 'readwrite' };

export const ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Public pages only: never reads a session, so never sees the session key.
  catalog: { table: 'read', sharedCache: true },
  // register, login, password reset mail, social sign-in.
  auth: { table: 'readwrite', mail: true, secrets: ['oauth'], session: true, memoryMb: 1024 },
  users: { table: 'readwrite', session: true },
  cart: { table: 'readwrite', session: true },
  wishlist: { table: 'readwrite', session: true },
  addresses: { table: 'readwrite', session: true },
  // order history and the customer's invoice download.
  orders: { table: 'readwrite', invoices: 'read', session: true },
  // acknowledges made-to-order requests and appointments by mail.
  requests: { table: 'readwrite', mail: true, session: true },
  // checkout: charges, creates the order, stores the invoice, mails the confirmation.
  payment: { table: 'readwrite', mail: true, invoices: 'readwrite', secrets: ['payment', 'paypal'], session: true },
};

export const accessOf = (name: string): FunctionAccess => ACCESS[name] ?? DEFAULT_ACCESS;

export const DEFAULT_MEMORY_MB = 256;

/** The /api prefixes whose answers CloudFront may cache (those of the sharedCache functions). */
export const sharedCachePrefixes = (routes: readonly { name: string; prefixes: readonly string[] }[]): string[] =>
  routes.filter((r) => accessOf(r.name).sharedCache).flatMap((r) => r.prefixes);
