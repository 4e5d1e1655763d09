// @couture/payment-sdk/three-d-secure
import type { BinData, Callback, CardDetails, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface ThreeDSecureBillingAddress {
  givenName?: string;
  surname?: string;
  phoneNumber?: string;
  streetAddress?: string;
  extendedAddress?: string;
  line3?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  countryCodeAlpha2?: string;
}

export interface ThreeDSecureInfo {
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  status?: string;
  enrolled?: string;
  cavv?: string;
  xid?: string;
  eciFlag?: string;
  dsTransactionId?: string;
  acsTransactionId?: string;
  threeDSecureVersion?: string;
  threeDSecureAuthenticationId?: string;
  threeDSecureServerTransactionId?: string;
  paresStatus?: string;
  lookup?: { transStatus?: string; transStatusReason?: string };
  authentication?: { transStatus?: string; transStatusReason?: string };
}

export interface ThreeDSecureVerifyPayload {
  nonce: string;
  type: string;
  details: CardDetails;
  description: string;
  binData: BinData;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  threeDSecureInfo: ThreeDSecureInfo;
  verificationDetails: ThreeDSecureInfo;
  rawCardinalSDKVerificationData?: Record<string, unknown>;
}

/** What the lookup answered: whether a challenge follows, and the card so far. */
export interface ThreeDSecureLookupData {
  requiresUserAuthentication: boolean;
  threeDSecureInfo: { liabilityShifted: boolean; liabilityShiftPossible: boolean };
  paymentMethod: ThreeDSecureVerifyPayload;
  lookup: { acsUrl?: string | null; pareq?: string; transactionId?: string; threeDSecureVersion: string };
}

export interface ThreeDSecureAdditionalInformation {
  workPhoneNumber?: string;
  shippingGivenName?: string;
  shippingSurname?: string;
  shippingPhone?: string;
  shippingMethod?: string;
  shippingMethodIndicator?: string;
  shippingAddress?: ThreeDSecureBillingAddress;
  productCode?: string;
  deliveryTimeframe?: string;
  deliveryEmail?: string;
  reorderindicator?: string;
  preorderIndicator?: string;
  preorderDate?: string;
  giftCardAmount?: string;
  giftCardCurrencyCode?: string;
  giftCardCount?: string;
  accountAgeIndicator?: string;
  accountCreateDate?: string;
  accountChangeIndicator?: string;
  accountChangeDate?: string;
  accountPwdChangeIndicator?: string;
  accountPwdChangeDate?: string;
  shippingAddressUsageIndicator?: string;
  shippingAddressUsageDate?: string;
  transactionCountDay?: string;
  transactionCountYear?: string;
  addCardAttempts?: string;
  accountPurchases?: string;
  fraudActivity?: string;
  shippingNameIndicator?: string;
  paymentAccountIndicator?: string;
  paymentAccountAge?: string;
  addressMatch?: string;
  accountId?: string;
  ipAddress?: string;
  orderDescription?: string;
  taxAmount?: string;
  userAgent?: string;
  authenticationIndicator?: string;
  installment?: string;
  purchaseDate?: string;
  recurringEnd?: string;
  recurringFrequency?: string;
}

export interface ThreeDSecureVerifyOptions {
  nonce: string;
  amount: string | number;
  bin?: string;
  onLookupComplete?: (data: ThreeDSecureLookupData, next: () => void) => void;
  collectDeviceData?: boolean;
  email?: string;
  mobilePhoneNumber?: string;
  billingAddress?: ThreeDSecureBillingAddress;
  shippingAddress?: ThreeDSecureBillingAddress;
  additionalInformation?: ThreeDSecureAdditionalInformation;
  accountType?: "credit" | "debit";
  challengeRequested?: boolean;
  exemptionRequested?: boolean;
  requestedExemptionType?: "low_value" | "transaction_risk_analysis";
  dataOnlyRequested?: boolean;
  customFields?: Record<string, string>;
  requestVisaDAF?: boolean;
  cardAdd?: boolean;
  merchantName?: string;
  cardAddChallengeRequested?: boolean;
}

export interface ThreeDSecureCreateOptions extends ComponentOptions<Client> {
  version: 2 | "2" | "2-cardinal-modal" | "2-bootstrap3-modal" | "2-inline-iframe";
  /** How long the authentication script may take to set up (default: the integration timeout). */
  timeout?: number;
  loggingEnabled?: boolean;
  cardinalSDKConfig?: {
    timeout?: number;
    maxRequestRetries?: number;
    logging?: { level: "off" | "on" | "verbose" };
    payment?: { displayLoading?: boolean; displayExitButton?: boolean };
  };
}

export type ThreeDSecureEventName =
  | "lookup-complete"
  | "customer-canceled"
  | "authentication-iframe-available"
  | "authentication-modal-render"
  | "authentication-modal-render-hidden"
  | "authentication-modal-close"
  | "authentication-modal-loader-render"
  | "authentication-modal-loader-close";

export interface ThreeDSecure {
  verifyCard(options: ThreeDSecureVerifyOptions, callback?: Callback<ThreeDSecureVerifyPayload>): Promise<ThreeDSecureVerifyPayload>;
  /** The client data for a lookup done on the merchant's server. */
  prepareLookup(options: { nonce: string; bin: string }, callback?: Callback<string>): Promise<string>;
  /** Runs the challenge (if any) of a lookup done on the merchant's server. */
  initializeChallengeWithLookupResponse(
    lookupResponse: string | Record<string, unknown>,
    callback?: Callback<ThreeDSecureVerifyPayload>,
  ): Promise<ThreeDSecureVerifyPayload>;
  cancelVerifyCard(callback?: Callback<ThreeDSecureVerifyPayload>): Promise<ThreeDSecureVerifyPayload>;
  on(event: "lookup-complete", handler: (data: ThreeDSecureLookupData, next: () => void) => void): void;
  on(event: "authentication-iframe-available", handler: (event: { element: HTMLElement }, next: () => void) => void): void;
  on(event: Exclude<ThreeDSecureEventName, "lookup-complete" | "authentication-iframe-available">, handler: () => void): void;
  on(event: string, handler: (...args: never[]) => void): void;
  off(event: ThreeDSecureEventName | string, handler: (...args: never[]) => void): void;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: ThreeDSecureCreateOptions, callback?: Callback<ThreeDSecure>): Promise<ThreeDSecure>;
