/**
 * The atelier console's shapes (issue 50): every one an alias of the
 * contract's generated schema (shared/openapi.json), under the names the
 * console's code reads.
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
/** What became of an email to the client: sent, failed, or unknown (not recorded). */
export type EmailOutcome = Schemas["EmailOutcome"];
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

/** A member on the roster, with how many passkeys they hold and since when. */
export type StaffMemberView = Schemas["RosterEntry"];
/** A pending invitation. */
export type Invitation = Schemas["InvitationView"];
/** `GET /api/atelier/staff`: the roster and the pending invitations. */
export type StaffList = Schemas["Roster"];
/** One console action on the record. */
export type AuditEntry = Schemas["AuditEntry"];
/** `GET /api/atelier/audit`: a period of the log, newest first. */
export type AuditEntries = Schemas["AuditEntries"];
