/**
 * The API's entities as it sends them: aliases of the schemas generated from
 * the API's OpenAPI document (`schema.d.ts`, from shared/openapi.json; run
 * `make openapi` after changing a Rust request or response type). What each
 * call takes and answers is typed by the client itself (`shop`, from `paths`).
 */
import type { components } from "./schema";

type Schemas = components["schemas"];

export type SetItem = Schemas["SetItem"];
export type Product = Schemas["Product"];
/** A product as lists show it (no description). */
export type ProductCard = Schemas["ProductCard"];
export type Category = Schemas["Category"];
export type Menu = Schemas["Menu"];
export type Banner = Schemas["Banner"];
/** A collection; `GET /api/collections/{id}` adds its products. */
export type Collection = Schemas["Collection"] & { products?: ProductCard[] };
export type CollectionWithProducts = Schemas["CollectionWithProducts"];
export type Runway = Schemas["Runway"];
export type News = Schemas["News"];
/** The house: name, logo, contacts, social links, hours (`GET /api/house`). */
export type House = Schemas["House"];
export type PageSummary = Schemas["PageSummary"];
export type PageAnswer = Schemas["PageAnswer"];
/** The house's pages the site has a place for (`pages/<id>.md` in the catalogue folder). */
export type PageId = "about" | "made-to-order" | "faq" | "contact" | "privacy" | "terms" | "size-guide";
/** The signed-in shopper's profile (`GET /api/auth/me`). */
export type Profile = Schemas["ProfileView"];
export type WishlistEntry = Schemas["WishlistEntry"];
/** A saved address as answered: its lines, and whether it is the default. */
export type Address = Schemas["AddressView"];
/** An address as the API takes it to save or change one (fields left out of a change keep their values). */
export type AddressInput = Schemas["AddressInput"];
export type ContactRequest = Schemas["ContactRequest"];
/** Where a menu entry leads: a collection, a page of the shop, or another site. */
export type MenuLink = Schemas["MenuLink"];
/** The unit of a made-to-order request's lengths (the weight's goes with it). */
export type MeasurementUnit = Schemas["MeasurementUnit"];
export type OrderItem = Schemas["OrderItem"];

/** Field-level errors of a 400, keyed by field name. */
export type FieldErrors = Record<string, string>;

/** The machine code of a refusal: the contract's union (Rust's `ErrorCode`, its one list), which the site switches on. */
export type ErrorCode = Schemas["ErrorCode"];
/** A refusal's body: every 4xx and 5xx answers `Error`; a payment's 409 `PaymentConflict` (a changed quote carries the new one). */
export type ErrorBody = Schemas["Error"] | Schemas["PaymentConflict"];

/** The server's quote of the bag's available lines, priced from the catalogue as it is now: the one price the site shows and sends back. */
export type Quote = Schemas["Quote"];

/**
 * A bag line. `price` is the catalogue's current unit price (it may differ
 * from when the line was added); `available` is false once the product was
 * withdrawn: the line is outside the quote and blocks the checkout.
 */
export type CartLine = Schemas["PricedLine"];

/** An order as the customer sees it; `tax` is there when non-zero, `status` `pending` while PayPal completes the capture. */
export type Order = Schemas["OrderView"];

/** A 2xx answer of the card checkout or PayPal's capture: placed (`Paid`), or being confirmed (`PaymentConfirming`, a 202). */
export type PaymentAnswer = Schemas["Paid"] | Schemas["PaymentConfirming"];

/** `GET /api/payment/status/{paymentId}`, polled while a payment is being confirmed. */
export type PaymentStatus = Schemas["PaymentStatusAnswer"];
