// What every component shares: the error, callbacks and creation options.

export type ErrorType = "CUSTOMER" | "MERCHANT" | "NETWORK" | "INTERNAL" | "UNKNOWN";

export declare class BraintreeError extends Error {
  name: "BraintreeError";
  type: ErrorType;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  static types: { [T in ErrorType]: T };
}

/** A Node-style callback: an error, or null and the result. */
export type Callback<T> = (err: BraintreeError | null, value?: T) => void;

/** A component is created from a client, or from an authorization it resolves itself. */
export interface ComponentOptions<Client> {
  client?: Client;
  authorization?: string;
  /** Explicit sandbox mode (with `authorization`): the local sandbox's loopback URL. */
  sandboxUrl?: string;
}

/** The address fields a tokenization passes on (others are dropped). */
export interface Address {
  company?: string;
  countryCodeNumeric?: string;
  countryCodeAlpha2?: string;
  countryCodeAlpha3?: string;
  countryName?: string;
  extendedAddress?: string;
  locality?: string;
  region?: string;
  firstName?: string;
  lastName?: string;
  postalCode?: string;
  streetAddress?: string;
}

/** Card details the provider returns with a nonce. */
export interface BinData {
  commercial: string;
  countryOfIssuance: string;
  debit: string;
  durbinRegulated: string;
  healthcare: string;
  issuingBank: string;
  payroll: string;
  prepaid: string;
  productId: string;
  [field: string]: string;
}

export interface CardDetails {
  bin?: string;
  cardType: string;
  lastFour: string;
  lastTwo: string;
  expirationMonth?: string;
  expirationYear?: string;
  cardholderName?: string;
}

export type Version = "3.130.0";

/** A line of a wallet's payment sheet: PayPal writes its quantity as a string, Venmo as a number. */
export interface LineItem<Quantity extends string | number> {
  quantity: Quantity;
  unitAmount: string;
  name: string;
  kind: "debit" | "credit";
  unitTaxAmount?: string;
  description?: string;
  productCode?: string;
  url?: string;
}
