// Type declarations of @couture/payment-sdk (the 3.130.0 public API): the
// component namespaces as named exports and as the default export.
import * as client from "./client";
import * as hostedFields from "./hosted-fields";
import * as threeDSecure from "./three-d-secure";
import * as paypal from "./paypal";
import * as paypalCheckout from "./paypal-checkout";
import * as vaultManager from "./vault-manager";
import * as localPayment from "./local-payment";
import * as unionpay from "./unionpay";
import * as paymentRequest from "./payment-request";
import * as sepa from "./sepa";
import * as masterpass from "./masterpass";
import * as paymentReady from "./payment-ready";
import * as preferredPaymentMethods from "./preferred-payment-methods";
import * as usBankAccount from "./us-bank-account";
import * as venmo from "./venmo";
import { BraintreeError } from "./shared";
import type { Version } from "./shared";

export {
  client,
  hostedFields,
  threeDSecure,
  paypal,
  paypalCheckout,
  vaultManager,
  localPayment,
  unionpay,
  paymentRequest,
  sepa,
  masterpass,
  paymentReady,
  preferredPaymentMethods,
  usBankAccount,
  venmo,
  BraintreeError,
};
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

declare const braintree: {
  client: typeof client;
  hostedFields: typeof hostedFields;
  threeDSecure: typeof threeDSecure;
  paypal: typeof paypal;
  paypalCheckout: typeof paypalCheckout;
  vaultManager: typeof vaultManager;
  localPayment: typeof localPayment;
  unionpay: typeof unionpay;
  paymentRequest: typeof paymentRequest;
  sepa: typeof sepa;
  masterpass: typeof masterpass;
  paymentReady: typeof paymentReady;
  preferredPaymentMethods: typeof preferredPaymentMethods;
  usBankAccount: typeof usBankAccount;
  venmo: typeof venmo;
  BraintreeError: typeof BraintreeError;
  VERSION: Version;
  setWasmUrl: typeof setWasmUrl;
};
export default braintree;
