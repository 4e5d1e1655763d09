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

/** Amounts come as the API sends them (a number, or a decimal string). */
export type Amount = number | string;

export interface Client {
  email: string;
  name: string;
}

export interface OrderSummary {
  id: string;
  number: string;
  status: OrderStatus;
  placedAt: string;
  client: Client;
  pieces: number;
  total: Amount;
  refunded: Amount;
}

export interface OrderCounts {
  pending: number;
  awaitingConfirmation: number;
  confirmed: number;
  delivered: number;
  canceled: number;
}

export interface OrderQueue {
  counts: OrderCounts;
  orders: OrderSummary[];
}

export interface OrderLine {
  name: string;
  slug: string;
  picture: string | null;
  category: string;
  color: string;
  size: string;
  quantity: number;
  price: Amount;
  refundedQuantity: number;
}

/** Where the order goes, as the checkout collected it. */
export type ShippingAddress = Schemas["ShippingAddress"];

export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: string;
}

export interface Ledger {
  status?: string;
  amount?: Amount;
  refunded?: Amount;
  checkedAt?: string;
  error?: string;
}

export interface TimelineEntry {
  at: string;
  kind: string;
  by: string | null;
  text: string;
}

export type OrderAction = "confirm" | "ship" | "deliver" | "cancel" | "refund" | "resend" | "note";

export interface OrderDetail {
  id: string;
  number: string;
  status: OrderStatus;
  placedAt: string;
  client: Client;
  lines: OrderLine[];
  totals: { subtotal: Amount; shippingfee: Amount; tax: Amount; total: Amount; refunded: Amount };
  shippingAddress: ShippingAddress | null;
  payment: { provider: string; reference: string; method: string; amount: Amount; status: string } | null;
  ledger: Ledger | null;
  shipment: Shipment | null;
  timeline: TimelineEntry[];
  actions: OrderAction[];
}

export interface PaymentAttention {
  orderId?: string;
  number?: string;
  provider: string;
  reference?: string;
  state: "confirming" | "unknown" | "pending-at-paypal" | "refund-unknown";
  since: string;
  found: string;
}

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
