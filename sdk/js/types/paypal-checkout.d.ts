// @couture/payment-sdk/paypal-checkout
import type { Callback, ComponentOptions, LineItem, Version } from "./shared";
import type { Client } from "./client";
import type { PayPalAddress, PayPalTokenizeOptions, PayPalTokenizePayload } from "./paypal";

export type PayPalLineItem = LineItem<string>;

export interface PayPalShippingOption {
  id: string;
  label: string;
  selected: boolean;
  type: "SHIPPING" | "PICKUP";
  amount: { currency: string; value: string };
}

export interface PayPalAmountBreakdown {
  itemTotal?: string;
  shipping?: string;
  handling?: string;
  taxTotal?: string;
  insurance?: string;
  shippingDiscount?: string;
  discount?: string;
}

export interface PayPalBillingCycle {
  billingFrequency?: number | string;
  billingFrequencyUnit?: string;
  numberOfExecutions?: number | string;
  sequence?: number | string;
  startDate?: string;
  trial?: boolean;
  pricingScheme?: { pricingModel?: string; price?: string; reloadThresholdAmount?: string };
}

export interface PayPalPlanMetadata {
  currencyIsoCode?: string;
  name?: string;
  oneTimeFeeAmount?: string;
  productDescription?: string;
  productPrice?: string;
  productQuantity?: string;
  shippingAmount?: string;
  taxAmount?: string;
  totalAmount?: string;
  billingCycles?: PayPalBillingCycle[];
}

export interface CreatePaymentOptions extends PayPalTokenizeOptions {
  lineItems?: PayPalLineItem[];
  shippingOptions?: PayPalShippingOption[];
  amountBreakdown?: PayPalAmountBreakdown;
  planType?: "RECURRING" | "SUBSCRIPTION" | "UNSCHEDULED" | "INSTALLMENTS";
  planMetadata?: PayPalPlanMetadata;
  requestBillingAgreement?: boolean;
  billingAgreementDetails?: { description?: string };
  vaultInitiatedCheckoutPaymentMethodToken?: string;
  contactPreference?: "NO_CONTACT_INFO" | "UPDATE_CONTACT_INFO" | "RETAIN_CONTACT_INFO";
  paymentReadySessionId?: string;
  shippingCallbackUrl?: string;
  userAuthenticationEmail?: string;
}

/** What the PayPal buttons' onApprove hands over (either spelling of the ids). */
export interface TokenizePaymentData {
  payerID?: string;
  payerId?: string;
  paymentID?: string;
  paymentId?: string;
  orderID?: string;
  paymentToken?: string;
  billingToken?: string;
  shippingOptionId?: string;
  /** Vault the account (client token with a customer id, vault flow); default true. */
  vault?: boolean;
  intent?: PayPalTokenizeOptions["intent"];
}

export interface UpdatePaymentOptions {
  paymentId: string;
  currency: string;
  amount?: string;
  lineItems?: PayPalLineItem[];
  shippingOptions?: PayPalShippingOption[];
  amountBreakdown?: PayPalAmountBreakdown;
  shippingAddress?: PayPalAddress;
}

export interface VaultInitiatedCheckoutOptions {
  amount: string | number;
  currency: string;
  vaultInitiatedCheckoutPaymentMethodToken: string;
  optOutOfModalBackdrop?: boolean;
  [field: string]: unknown;
}

export interface LoadPayPalSDKOptions {
  "client-id"?: string;
  components?: string;
  intent?: string;
  currency?: string;
  vault?: boolean;
  dataAttributes?: Record<string, string>;
  [queryParameter: string]: string | boolean | Record<string, string> | undefined;
}

export interface PayPalCheckout {
  createPayment(options: CreatePaymentOptions, callback?: Callback<string>): Promise<string>;
  tokenizePayment(data: TokenizePaymentData, callback?: Callback<PayPalTokenizePayload>): Promise<PayPalTokenizePayload>;
  updatePayment(options: UpdatePaymentOptions, callback?: Callback<void>): Promise<void>;
  startVaultInitiatedCheckout(options: VaultInitiatedCheckoutOptions, callback?: Callback<PayPalTokenizePayload>): Promise<PayPalTokenizePayload>;
  closeVaultInitiatedCheckoutWindow(callback?: Callback<void>): Promise<void>;
  focusVaultInitiatedCheckoutWindow(callback?: Callback<void>): Promise<void>;
  loadPayPalSDK(options?: LoadPayPalSDKOptions, callback?: Callback<PayPalCheckout>): Promise<PayPalCheckout>;
  getClientId(callback?: Callback<string>): Promise<string>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export interface PayPalCheckoutCreateOptions extends ComponentOptions<Client> {
  merchantAccountId?: string;
  autoSetDataUserIdToken?: boolean;
}

export declare const VERSION: Version;
export declare function create(options: PayPalCheckoutCreateOptions, callback?: Callback<PayPalCheckout>): Promise<PayPalCheckout>;
/** Whether the browser can open the PayPal flow. */
export declare function isSupported(): boolean;
