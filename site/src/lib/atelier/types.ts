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

export type RequestStatus = "new" | "contacted" | "scheduled" | "closed";
export type RequestKind = Schemas["RequestKind"];

export interface RequestSummary {
  id: string;
  kind: RequestKind;
  status: RequestStatus;
  receivedAt: string;
  client: { name: string; email: string; phone: string };
  assignee: StaffView | null;
  appointmentAt: string | null;
}

export interface RequestInbox {
  counts: Record<RequestStatus, number>;
  requests: RequestSummary[];
}

export interface RequestDetail extends RequestSummary {
  message: string;
  product?: string | null;
  measurements: { unit?: string | null; values: { label: string; value: string }[] } | null;
  contactTime: string;
  replies: { at: string; by: string; subject: string; text: string }[];
  appointment: {
    at: string;
    /** As set, in the house's time zone (`2027-03-15T10:30`). */
    local?: string;
    timeZone?: string;
    durationMinutes: number;
    place: string;
    invitationSentAt: string | null;
    reminderSentAt: string | null;
  } | null;
  timeline: TimelineEntry[];
}

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
