/**
 * The API's entities as it sends them: aliases of the schemas generated from
 * the API's OpenAPI document (`schema.d.ts`, from shared/openapi.json; run
 * `make openapi` after changing a Rust request or response type).
 */
import type { components } from "./schema";

type Schemas = components["schemas"];

export type SetItem = Schemas["SetItem"];
export type Product = Schemas["Product"];
export type Category = Schemas["Category"];
export type Menu = Schemas["Menu"];
export type Banner = Schemas["Banner"];
/** A collection; `GET /api/collections/{id}` adds its products. */
export type Collection = Schemas["Collection"] & { products?: Product[] };
export type CollectionWithProducts = Schemas["CollectionWithProducts"];
export type Runway = Schemas["Runway"];
export type News = Schemas["News"];
/** The signed-in shopper's profile (`GET /api/auth/me`). */
export type Profile = Schemas["ProfileView"];
export type WishlistEntry = Schemas["WishlistEntry"];
export type Address = Schemas["Address"];
export type ContactRequest = Schemas["ContactRequest"];
/** Every 4xx and 5xx answer: `{ message, code, errors? }`. */
export type ApiErrorBody = Schemas["Error"];
export type OrderItem = Schemas["OrderItem"];

/** Field-level errors of a 400, keyed by field name. */
export type FieldErrors = Record<string, string>;

/** The server's quote of the bag's available lines, priced from the catalogue as it is now: the one price the site shows and sends back. */
export type Quote = Schemas["Quote"];

/**
 * A bag line. `price` is the catalogue's current unit price (it may differ
 * from when the line was added); `available` is false once the product was
 * withdrawn: the line is outside the quote and blocks the checkout.
 */
export type CartLine = Schemas["PricedLine"];

/** `GET /api/cart`. `quote` is null for an empty bag or when no line is available. */
export type CartResponse = Omit<Schemas["Bag"], "quote"> & { quote: Quote | null };

/** An order as the customer sees it; `tax` is there when non-zero, `status` `pending` while PayPal completes the capture. */
export type Order = Schemas["OrderView"];

/** `GET /api/payment/client-token`; `taxRate` (percent) is sent back with the payment, never used for arithmetic here. */
export type ClientTokenResponse = Schemas["ClientToken"];

/** 201 (200 for a replay) of `POST /api/payment/checkout` and `/paypal/capture-order`. */
export type PaymentPlaced = Omit<Schemas["Paid"], "success" | "order"> & { success: true; order: Order };

/** 202: the provider's answer was lost and the payment is being confirmed; never "not charged", never pay again. */
export type PaymentConfirming = Omit<Schemas["PaymentConfirming"], "success" | "code"> & { success: false; code: "payment_confirming" };

/** 409 of the checkout and PayPal's create-order: the prices changed since the page was loaded. */
export type QuoteChanged = Omit<Schemas["PaymentConflict"], "success" | "code" | "quote"> & { success: false; code: "quote_changed"; quote: Quote };

/** 409 of the checkout and PayPal's create-order: a product of the bag was withdrawn. */
export type ProductUnavailable = Omit<Schemas["PaymentConflict"], "success" | "code" | "quote"> & { success: false; code: "product_unavailable" };

/** `GET /api/payment/status/{paymentId}`, polled while a payment is being confirmed. */
export type PaymentStatus = { status: "placed"; order: Order } | { status: "confirming"; message: string } | { status: "failed"; message: string };
