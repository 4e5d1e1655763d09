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
export type CartLine = Schemas["CartLine"];
export type Bag = Schemas["Bag"];
export type Address = Schemas["Address"];
export type Order = Schemas["OrderView"];
export type ContactRequest = Schemas["ContactRequest"];
/** Every 4xx and 5xx answer: `{ message, code, errors? }`. */
export type ApiErrorBody = Schemas["Error"];
export type OrderItem = Schemas["OrderItem"];

/** Field-level errors of a 400, keyed by field name. */
export type FieldErrors = Record<string, string>;
