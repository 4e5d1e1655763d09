// @couture/payment-sdk/venmo
import type { Callback, ComponentOptions, LineItem, Version } from "./shared";
import type { Client } from "./client";

export type VenmoLineItem = LineItem<number>;

export interface VenmoBrowserSupportOptions {
  allowNewBrowserTab?: boolean;
  allowWebviews?: boolean;
  allowDesktop?: boolean;
  allowDesktopWebLogin?: boolean;
}

export interface VenmoCreateOptions extends ComponentOptions<Client>, VenmoBrowserSupportOptions {
  profileId?: string;
  deepLinkReturnUrl?: string;
  ignoreHistoryChanges?: boolean;
  requireManualReturn?: boolean;
  useRedirectForIOS?: boolean;
  paymentMethodUsage?: "single_use" | "multi_use";
  displayName?: string;
  mobileWebFallBack?: boolean;
  styleCspNonce?: string;
  allowAndroidRecreation?: boolean;
  collectCustomerBillingAddress?: boolean;
  collectCustomerShippingAddress?: boolean;
  isFinalAmount?: boolean;
  lineItems?: VenmoLineItem[];
  subTotalAmount?: string;
  discountAmount?: string;
  taxAmount?: string;
  shippingAmount?: string;
  totalAmount?: string;
}

export interface VenmoAddress {
  fullName?: string;
  addressLine1?: string;
  addressLine2?: string;
  adminArea1?: string;
  adminArea2?: string;
  postalCode?: string;
  countryCode?: string;
}

export interface VenmoPayerInfo {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  email?: string;
  externalId?: string;
  userName?: string;
  billingAddress?: VenmoAddress | null;
  shippingAddress?: VenmoAddress | null;
}

export interface VenmoTokenizePayload {
  nonce: string;
  type: "VenmoAccount";
  details: { username: string; paymentContextId?: string; payerInfo?: VenmoPayerInfo };
}

export interface Venmo {
  isBrowserSupported(): boolean;
  hasTokenizationResult(): boolean;
  tokenize(options?: { processResultsDelay?: number }, callback?: Callback<VenmoTokenizePayload>): Promise<VenmoTokenizePayload>;
  tokenize(callback: Callback<VenmoTokenizePayload>): Promise<VenmoTokenizePayload>;
  cancelTokenization(callback?: Callback<void>): Promise<void>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: VenmoCreateOptions, callback?: Callback<Venmo>): Promise<Venmo>;
/** Needs the rules module loaded (after client.create or any create resolves); false before. */
export declare function isBrowserSupported(options?: VenmoBrowserSupportOptions): boolean;
