// @couture/payment-sdk/local-payment
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface LocalPaymentCreateOptions extends ComponentOptions<Client> {
  /** A non-default merchant account for the payment and its tokenization. */
  merchantAccountId?: string;
  /** Full-page redirect flow instead of the popup: the page the customer returns to. */
  redirectUrl?: string;
}

export interface LocalPaymentAddress {
  streetAddress?: string;
  extendedAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  countryCode?: string;
}

export interface LocalPaymentLineItem {
  category: "DIGITAL_GOODS" | "PHYSICAL_GOODS" | "DONATION" | string;
  name: string;
  quantity: string;
  unitAmount: string;
  unitTaxAmount: string;
}

export interface LocalPaymentStartOptions {
  paymentType: string;
  amount: string;
  currencyCode: string;
  givenName?: string;
  surname?: string;
  /** Popup flow: the return page's link back when the window lost its opener. */
  fallback?: { url: string; buttonText: string; cancelUrl?: string; cancelButtonText?: string };
  windowOptions?: { width?: number; height?: number };
  displayName?: string;
  paymentTypeCountryCode?: string;
  email?: string;
  phone?: string;
  phoneCountryCode?: string;
  recurrent?: boolean;
  customerId?: string;
  shippingAddressRequired?: boolean;
  address?: LocalPaymentAddress;
  billingAddress?: LocalPaymentAddress;
  birthDate?: string;
  locale?: string;
  customerServiceInstructions?: string;
  correlationId?: string;
  shippingAmount?: string;
  discountAmount?: string;
  lineItems?: LocalPaymentLineItem[];
  blikOptions?: {
    level_0?: { authCode: string };
    oneClick?: { authCode?: string; consumerReference: string; aliasLabel?: string; aliasKey?: string };
  };
  /** Called with the payment id; redirect types open the window's payment page on `continueCallback()`. */
  onPaymentStart?: (data: { paymentId: string }, continueCallback?: () => void) => void | Promise<unknown>;
}

/** The return query (this page's when omitted). */
export interface LocalPaymentTokenizeParams {
  btLpToken?: string;
  btLpPaymentId?: string;
  btLpPayerId?: string;
  token?: string;
  paymentId?: string;
  PayerID?: string;
  [key: string]: unknown;
}

export interface LocalPaymentTokenizePayload {
  nonce: string;
  type: string;
  details: Record<string, unknown>;
  correlationId?: string;
}

export interface LocalPayment {
  /** Set by create() in the redirect flow when the page is the flow's return. */
  tokenizePayload?: LocalPaymentTokenizePayload;
  /** Resolves the payload (popup flow), or nothing (seamless types and the redirect flow). */
  startPayment(
    options: LocalPaymentStartOptions,
    callback?: Callback<LocalPaymentTokenizePayload | undefined>,
  ): Promise<LocalPaymentTokenizePayload | undefined>;
  tokenize(params?: LocalPaymentTokenizeParams, callback?: Callback<LocalPaymentTokenizePayload>): Promise<LocalPaymentTokenizePayload>;
  hasTokenizationParams(): boolean;
  closeWindow(): void;
  focusWindow(): void;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: LocalPaymentCreateOptions, callback?: Callback<LocalPayment>): Promise<LocalPayment>;
