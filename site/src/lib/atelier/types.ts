/**
 * The atelier console's shapes, as the contract (issue 50) gives them:
 * written here until the atelier routes are in shared/openapi.json; the
 * shop's own schemas they share are the generated ones.
 */
import type { components } from "@/lib/api/schema";

type Schemas = components["schemas"];

export type Role = Schemas["Role"];

/** A staff member as the console shows them. */
export type StaffView = Schemas["StaffView"];

export type OrderStatus = Schemas["OrderStatus"];

/** Amounts as the API sends them: US dollars as a decimal number (a refund's input is a decimal string). */
export type Amount = number | string;

/** The client of an order: their account's email and name. */
export type Client = Schemas["Client"];
export type OrderSummary = Schemas["OrderSummary"];
/** How many orders are in each status. */
export type OrderCounts = Schemas["StatusCounts"];
export type OrderQueue = Schemas["OrderQueue"];
export type OrderLine = Schemas["DetailLine"];
/** How an order travels once the house shipped it (My Orders shows it too). */
export type Shipment = Schemas["Shipment"];
/** What the provider's ledger says of the payment now, or why it could not be asked. */
export type Ledger = Schemas["LedgerView"];
export type TimelineEntry = Schemas["TimelineEntry"];
/** What the staff member may do to the order now. */
export type OrderAction = Schemas["OrderAction"];
export type OrderDetail = Schemas["OrderDetail"];
/** One payment needing attention. */
export type PaymentAttention = Schemas["AttentionPayment"];

export type RequestStatus = Schemas["RequestStatus"];
export type RequestKind = Schemas["RequestKind"];
export type RequestSummary = Schemas["RequestSummary"];
/** `GET /api/atelier/requests`: every request's count by status, and the ones asked for. */
export type RequestInbox = Schemas["RequestList"];
export type RequestDetail = Schemas["RequestDetail"];

export interface StaffMemberView extends StaffView {
  passkeys: number;
  since: string;
}

export interface Invitation {
  email: string;
  name: string;
  role: Role;
  invitedBy: string;
  expiresAt: string;
}

export interface StaffList {
  staff: StaffMemberView[];
  invitations: Invitation[];
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: { staffId: string; email: string };
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}
