/** Console answers as the contract shapes them, for the component tests. */
import type { OrderDetail, RequestDetail, StaffView } from "@/lib/atelier/types";

export const OWNER: StaffView = { id: "s1", email: "ines@house.example", name: "Inès", role: "owner" };
export const STAFF: StaffView = { id: "s2", email: "marc@house.example", name: "Marc", role: "staff" };

export const COUNTS = { pending: 1, awaitingConfirmation: 3, confirmed: 2, delivered: 5, canceled: 0 };

export function orderDetail(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: "o1",
    number: "#SQBB-KJT7",
    status: "awaiting_confirmation",
    placedAt: "2026-12-01T10:00:00Z",
    client: { email: "ada@client.example", name: "Ada Client" },
    lines: [
      {
        name: "Silk gown",
        slug: "silk-gown",
        picture: "/images/gown.jpg",
        category: "Gowns",
        color: "Ivory",
        size: "S",
        quantity: 1,
        price: 2400,
        refundedQuantity: 0,
      },
      { name: "Linen shirt", slug: "linen-shirt", picture: null, category: "Shirts", color: "White", size: "M", quantity: 2, price: 180, refundedQuantity: 0 },
    ],
    totals: { subtotal: 2760, shippingfee: 0, tax: 0, total: 2760, refunded: 0 },
    shippingAddress: {
      title: "Ms",
      firstName: "Ada",
      lastName: "Client",
      street: "1 Rue de la Paix",
      city: "Paris",
      state: "Île-de-France",
      country: "France",
      zipCode: "75002",
      phoneCode: "+33",
      phone: "123456789",
    },
    payment: { provider: "card", reference: "pi_1", method: "card", amount: 2760, status: "captured" },
    ledger: { status: "succeeded", amount: 2760, refunded: 0, checkedAt: "2026-12-01T10:05:00Z" },
    shipment: null,
    timeline: [{ at: "2026-12-01T10:00:00Z", kind: "placed", by: null, text: "Placed" }],
    actions: ["confirm", "cancel", "refund", "resend", "note"],
    ...over,
  };
}

export function requestDetail(over: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: "r1",
    kind: "made_to_order",
    status: "new",
    receivedAt: "2026-12-01T09:00:00Z",
    client: { name: "Bea Client", email: "bea@client.example", phone: "+33 1 23 45 67 89" },
    assignee: null,
    appointmentAt: null,
    message: "A wedding gown, please.",
    product: "Silk gown",
    measurements: {
      unit: "in",
      values: [
        { label: "Bust", value: "34" },
        { label: "Waist", value: "not given" },
      ],
    },
    contactTime: "Mornings",
    socialMedia: "",
    replies: [],
    appointment: null,
    timeline: [],
    ...over,
  };
}
