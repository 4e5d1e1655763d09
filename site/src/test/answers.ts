/**
 * The API's answers for tests, typed by the contract (`schema.d.ts`, from
 * shared/openapi.json): a fixture the API could not send fails the type
 * check, so the tests cannot drift from what the server answers. Every date
 * is a fixed moment: no test reads the wall clock for its data.
 */
import type { Address, ErrorBody, ErrorCode, Order, OrderItem, PaymentAnswer, Quote } from "@/lib/api/types";

/** The moment every fixture was made (the API's timestamp format). */
export const AT = "2025-03-01T10:00:00.000000Z";

/** A saved address (`AddressView`), the default unless told. */
export const savedAddress = (overrides: Partial<Address> = {}): Address => ({
  id: "a1",
  title: "Home",
  firstName: "Lan",
  lastName: "Tran",
  street: "1 Le Loi",
  city: "District 1",
  state: "Ho Chi Minh City",
  country: "Vietnam",
  zipCode: "700000",
  phoneCode: "+84",
  phone: "912345678",
  isDefault: true,
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
});

export const orderItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  product: { id: "p1", slug: "gown", name: "Ivory Gown", productGallery: ["/g.jpg"] },
  category: "Set",
  color: "Ivory",
  size: "M",
  quantity: 1,
  price: 800,
  ...overrides,
});

export const order = (overrides: Partial<Order> = {}): Order => ({
  id: "o1",
  number: "#0000-0001",
  status: "awaiting_confirmation",
  createdAt: AT,
  updatedAt: AT,
  subtotal: 800,
  shippingfee: 56.9,
  total: 856.9,
  items: [orderItem()],
  shippingAddress: {
    title: "Shipping address",
    firstName: "Lan",
    lastName: "Tran",
    street: "1 Le Loi",
    city: "District 1",
    state: "",
    country: "VN",
    zipCode: "700000",
    phoneCode: "+84",
    phone: "0901234567",
  },
  payment: { provider: "card", reference: "t1", amount: 856.9, status: "SUBMITTED_FOR_SETTLEMENT", method: { kind: "card", cardType: "Visa", last4: "1111" } },
  ...overrides,
});

/** A paid and placed order (`Paid`): 201, or 200 for a replay. */
export const paid = (status: Order["status"] = "awaiting_confirmation"): PaymentAnswer => ({
  success: true,
  message: "Payment successful",
  order: order({ status }),
});

/** A payment whose provider's answer was lost (`PaymentConfirming`, a 202). */
export const confirming = (paymentId: string, message: string): PaymentAnswer => ({ success: false, code: "payment_confirming", message, paymentId });

/** A refusal's body: `{ message, code }`, with the payment routes' `success: false` when asked. */
export const refusal = (code: ErrorCode, message: string, more: Partial<ErrorBody> = {}): ErrorBody => ({ message, code, ...more });

/** A payment's 409 for a changed quote, carrying the new one. */
export const quoteChanged = (message: string, quote: Quote | null): ErrorBody => ({ success: false, code: "quote_changed", message, quote });
