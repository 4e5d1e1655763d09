// @couture/payment-sdk/paypal
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface PayPalAddress {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string;
  recipientName?: string;
}

export interface PayPalTokenizeOptions {
  flow: "checkout" | "vault";
  amount?: string | number;
  currency?: string;
  intent?: "authorize" | "order" | "capture" | "sale" | "tokenize";
  offerCredit?: boolean;
  offerPayLater?: boolean;
  useraction?: "commit" | "";
  displayName?: string;
  locale?: string;
  enableShippingAddress?: boolean;
  shippingAddressEditable?: boolean;
  shippingAddressOverride?: PayPalAddress;
  landingPageType?: "login" | "billing";
  billingAgreementDescription?: string;
  merchantAccountId?: string;
}

export interface PayPalPayerInfo {
  email?: string;
  firstName?: string;
  lastName?: string;
  payerId?: string;
  countryCode?: string;
  phone?: string;
  shippingAddress?: PayPalAddress;
  billingAddress?: PayPalAddress;
  [field: string]: unknown;
}

export interface PayPalTokenizePayload {
  nonce: string;
  type: "PayPalAccount";
  details: PayPalPayerInfo;
  creditFinancingOffered?: Record<string, unknown>;
  shippingOptionId?: string;
  cobrandedCardLabel?: string;
}

/** The open PayPal window of a tokenize called with a callback. */
export interface PayPalFlowHandle {
  close(): void;
  focus(): void;
}

export interface PayPal {
  tokenize(options: PayPalTokenizeOptions): Promise<PayPalTokenizePayload>;
  tokenize(options: PayPalTokenizeOptions, callback: Callback<PayPalTokenizePayload>): PayPalFlowHandle;
  closeWindow(): void;
  focusWindow(): void;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<PayPal>): Promise<PayPal>;
/** Whether the browser can open the PayPal flow (a popup, or the popup bridge). */
export declare function isSupported(): boolean;
