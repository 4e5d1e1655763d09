// Type declarations of @couture/payment-sdk (the 3.130.0 public API): the
// component namespaces as named exports and as the default export.
import * as self from "./index";
export * as client from "./client";
export * as hostedFields from "./hosted-fields";
export * as threeDSecure from "./three-d-secure";
export * as paypal from "./paypal";
export * as paypalCheckout from "./paypal-checkout";
export * as vaultManager from "./vault-manager";
export * as localPayment from "./local-payment";
export * as unionpay from "./unionpay";
export * as paymentRequest from "./payment-request";
export * as sepa from "./sepa";
export * as masterpass from "./masterpass";
export * as paymentReady from "./payment-ready";
export * as preferredPaymentMethods from "./preferred-payment-methods";
export * as usBankAccount from "./us-bank-account";
export * as venmo from "./venmo";
import { BraintreeError } from "./shared";
import type { Version } from "./shared";

export { BraintreeError };
export type { Address, BinData, Callback, CardDetails, ComponentOptions, ErrorType } from "./shared";
export type { Client, ClientCreateOptions, Configuration, GatewayConfiguration, RequestOptions } from "./client";
export type {
  HostedFields,
  HostedFieldsCreateOptions,
  HostedFieldKey,
  HostedFieldOptions,
  HostedFieldsState,
  HostedFieldsEvent,
  HostedFieldsTokenizePayload,
} from "./hosted-fields";
export type { ThreeDSecure, ThreeDSecureVerifyOptions, ThreeDSecureVerifyPayload, ThreeDSecureLookupData } from "./three-d-secure";
export type { PayPal, PayPalTokenizeOptions, PayPalTokenizePayload } from "./paypal";
export type { PayPalCheckout, CreatePaymentOptions, TokenizePaymentData } from "./paypal-checkout";
export type { VaultManager, VaultedPaymentMethod } from "./vault-manager";
export type {
  LocalPayment,
  LocalPaymentCreateOptions,
  LocalPaymentStartOptions,
  LocalPaymentTokenizeParams,
  LocalPaymentTokenizePayload,
} from "./local-payment";
export type { UnionPay, UnionPayCard, UnionPayCapabilities, UnionPayEnrollment, UnionPayTokenizePayload } from "./unionpay";
export type {
  PaymentRequestComponent,
  PaymentRequestCreateOptions,
  PaymentRequestConfiguration,
  PaymentRequestTokenizePayload,
  SupportedPaymentMethod,
  ShippingChangeEvent,
} from "./payment-request";
export type { SEPA, SEPACreateOptions, SEPATokenizeOptions, SEPATokenizePayload } from "./sepa";
export type { Masterpass, MasterpassTokenizeOptions, MasterpassTokenizePayload } from "./masterpass";
export type { PaymentReady, PaymentReadyCustomer, CustomerSession, CustomerRecommendations, PaymentReadyEventOptions } from "./payment-ready";
export type { PreferredPaymentMethods, PreferredPaymentMethodsResult } from "./preferred-payment-methods";
export type { USBankAccount, USBankAccountTokenizeOptions, USBankAccountTokenizePayload } from "./us-bank-account";
export type { Venmo, VenmoCreateOptions, VenmoTokenizePayload, VenmoPayerInfo, VenmoLineItem } from "./venmo";

export declare const VERSION: Version;
export declare function setWasmUrl(url: string): void;

/** The default export: every public named export above (not the types), as one object. */
declare const braintree: Omit<typeof self, "default">;
export default braintree;
