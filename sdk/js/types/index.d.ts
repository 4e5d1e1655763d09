// Type declarations of @couture/payment-sdk (the 3.130.0 public API shape).

export declare const VERSION: '3.130.0';
export declare function setWasmUrl(url: string): void;

export type ErrorType = 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN';
export declare class BraintreeError extends Error {
  name: 'BraintreeError';
  type: ErrorType;
  code: string;
  message: string;
  details?: any;
}

type Callback<T> = (err: BraintreeError | null, value?: T) => void;

export interface ClientCreateOptions {
  authorization: string;
  /** Explicit sandbox mode: the local sandbox's (loopback) URL. Off by default. */
  sandboxUrl?: string;
  wasmUrl?: string;
}
export interface Configuration {
  authorization: string;
  authorizationType: 'TOKENIZATION_KEY' | 'CLIENT_TOKEN';
  gatewayConfiguration: any;
  analyticsMetadata: Record<string, string>;
  sandboxUrl?: string;
}
export interface RequestOptions {
  method?: string;
  endpoint?: string;
  data?: any;
  api?: 'clientApi' | 'graphQLApi';
  timeout?: number;
}
export interface Client {
  getConfiguration(): Configuration;
  getVersion(): string;
  request(options: RequestOptions, callback?: Callback<any>): Promise<any>;
  teardown(callback?: Callback<void>): Promise<void>;
}
export declare namespace client {
  const VERSION: '3.130.0';
  function create(options: ClientCreateOptions, callback?: Callback<Client>): Promise<Client>;
}

type WithClient = { client?: Client; authorization?: string; sandboxUrl?: string };

export type HostedFieldKey = 'cardholderName' | 'number' | 'cvv' | 'expirationDate' | 'expirationMonth' | 'expirationYear' | 'postalCode';
export interface HostedFieldOptions {
  container?: string | HTMLElement;
  selector?: string;
  placeholder?: string;
  type?: string;
  formatInput?: boolean;
  maxlength?: number;
  minlength?: number;
  select?: boolean | { options: string[] };
  internalLabel?: string;
  prefill?: string;
}
export interface HostedFieldsFieldState {
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  isFocused: boolean;
  container: HTMLElement;
}
export interface HostedFieldsCard {
  type: string;
  niceType: string;
  code: { name: string; size: number };
  gaps: number[];
  lengths: number[];
}
export interface HostedFieldsState {
  cards: HostedFieldsCard[];
  fields: Partial<Record<HostedFieldKey, HostedFieldsFieldState>>;
}
export type HostedFieldsEvent = HostedFieldsState & { emittedBy: HostedFieldKey };
export interface HostedFieldsTokenizePayload {
  nonce: string;
  type: 'CreditCard';
  description: string;
  details: { bin: string; cardType: string; lastFour: string; lastTwo: string; expirationMonth: string; expirationYear: string; cardholderName?: string };
  binData: Record<string, string>;
}
export interface HostedFields {
  on(event: 'focus' | 'blur' | 'empty' | 'notEmpty' | 'validityChange' | 'cardTypeChange' | 'inputSubmitRequest', handler: (event: HostedFieldsEvent) => void): void;
  on(event: 'binAvailable', handler: (event: { bin: string }) => void): void;
  off(event: string, handler: (...args: any[]) => void): void;
  tokenize(options?: { vault?: boolean; fieldsToTokenize?: HostedFieldKey[]; cardholderName?: string; billingAddress?: Record<string, string> }, callback?: Callback<HostedFieldsTokenizePayload>): Promise<HostedFieldsTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
  getState(): HostedFieldsState;
  focus(field: HostedFieldKey, callback?: Callback<void>): Promise<void>;
  clear(field: HostedFieldKey, callback?: Callback<void>): Promise<void>;
  setAttribute(options: { field: HostedFieldKey; attribute: string; value: string | boolean }, callback?: Callback<void>): Promise<void>;
  removeAttribute(options: { field: HostedFieldKey; attribute: string }, callback?: Callback<void>): Promise<void>;
  setPlaceholder(field: HostedFieldKey, placeholder: string, callback?: Callback<void>): Promise<void>;
  addClass(field: HostedFieldKey, classname: string, callback?: Callback<void>): Promise<void>;
  removeClass(field: HostedFieldKey, classname: string, callback?: Callback<void>): Promise<void>;
  setMessage(options: { field: HostedFieldKey; message: string }): void;
  setMonthOptions(options: string[], callback?: Callback<void>): Promise<void>;
  getChallenges(callback?: Callback<string[]>): Promise<string[]>;
  getSupportedCardTypes(callback?: Callback<string[]>): Promise<string[]>;
}
export declare namespace hostedFields {
  const VERSION: '3.130.0';
  function create(options: WithClient & { fields: Partial<Record<HostedFieldKey, HostedFieldOptions>>; styles?: Record<string, Record<string, string> | string> }, callback?: Callback<HostedFields>): Promise<HostedFields>;
  function supportsInputFormatting(): boolean;
}

export interface ThreeDSecureVerifyPayload {
  nonce: string;
  type: string;
  details: any;
  description: string;
  binData: any;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  threeDSecureInfo: any;
  verificationDetails: any;
}
export interface ThreeDSecureVerifyOptions {
  nonce: string;
  amount: string | number;
  bin: string;
  onLookupComplete?: (data: any, next: () => void) => void;
  email?: string;
  mobilePhoneNumber?: string;
  billingAddress?: Record<string, string>;
  additionalInformation?: Record<string, any>;
  challengeRequested?: boolean;
  exemptionRequested?: boolean;
  requestedExemptionType?: 'low_value' | 'transaction_risk_analysis';
  dataOnlyRequested?: boolean;
  collectDeviceData?: boolean;
  accountType?: string;
  customFields?: Record<string, string>;
  requestVisaDAF?: boolean;
  cardAdd?: boolean;
  merchantName?: string;
}
export interface ThreeDSecure {
  verifyCard(options: ThreeDSecureVerifyOptions, callback?: Callback<ThreeDSecureVerifyPayload>): Promise<ThreeDSecureVerifyPayload>;
  cancelVerifyCard(callback?: Callback<any>): Promise<any>;
  on(event: 'lookup-complete' | 'customer-canceled' | 'authentication-iframe-available' | 'authentication-modal-render' | 'authentication-modal-close', handler: (...args: any[]) => void): void;
  off(event: string, handler: (...args: any[]) => void): void;
  teardown(callback?: Callback<void>): Promise<void>;
}
export declare namespace threeDSecure {
  const VERSION: '3.130.0';
  function create(options: WithClient & { version: 2 | '2' | '2-cardinal-modal' | '2-bootstrap3-modal' | '2-inline-iframe'; timeout?: number; cardinalSDKConfig?: any }, callback?: Callback<ThreeDSecure>): Promise<ThreeDSecure>;
}

export interface PayPalTokenizePayload {
  nonce: string;
  type: 'PayPalAccount';
  details: any;
  creditFinancingOffered?: any;
}
export interface PayPalTokenizeOptions {
  flow: 'checkout' | 'vault';
  amount?: string | number;
  currency?: string;
  intent?: 'authorize' | 'order' | 'capture' | 'sale';
  offerCredit?: boolean;
  offerPayLater?: boolean;
  useraction?: 'commit';
  displayName?: string;
  locale?: string;
  enableShippingAddress?: boolean;
  shippingAddressEditable?: boolean;
  shippingAddressOverride?: Record<string, string>;
  landingPageType?: string;
  billingAgreementDescription?: string;
}
export interface PayPal {
  tokenize(options: PayPalTokenizeOptions, callback?: Callback<PayPalTokenizePayload>): Promise<PayPalTokenizePayload>;
  closeWindow(): void;
  focusWindow(): void;
  teardown(callback?: Callback<void>): Promise<void>;
}
export declare namespace paypal {
  const VERSION: '3.130.0';
  function create(options: WithClient, callback?: Callback<PayPal>): Promise<PayPal>;
}

export interface PayPalCheckout {
  createPayment(options: PayPalTokenizeOptions & { lineItems?: any[]; shippingOptions?: any[]; vaultInitiatedCheckoutPaymentMethodToken?: string }, callback?: Callback<string>): Promise<string>;
  tokenizePayment(data: { payerID: string; paymentID?: string; orderID?: string; billingToken?: string }, callback?: Callback<PayPalTokenizePayload>): Promise<PayPalTokenizePayload>;
  updatePayment(options: { paymentId: string; currency: string; amount?: string; lineItems?: any[]; shippingOptions?: any[]; amountBreakdown?: any; shippingAddress?: any }, callback?: Callback<void>): Promise<void>;
  startVaultInitiatedCheckout(options: { amount: string; currency: string; vaultInitiatedCheckoutPaymentMethodToken: string; optOutOfModalBackdrop?: boolean }, callback?: Callback<PayPalTokenizePayload>): Promise<PayPalTokenizePayload>;
  loadPayPalSDK(options?: { 'client-id'?: string; components?: string; intent?: string; currency?: string; vault?: boolean; dataAttributes?: Record<string, string> }, callback?: Callback<PayPalCheckout>): Promise<PayPalCheckout>;
  getClientId(callback?: Callback<string>): Promise<string>;
  teardown(callback?: Callback<void>): Promise<void>;
}
export declare namespace paypalCheckout {
  const VERSION: '3.130.0';
  function create(options: WithClient & { merchantAccountId?: string }, callback?: Callback<PayPalCheckout>): Promise<PayPalCheckout>;
}

export interface VaultedPaymentMethod {
  nonce: string;
  default: boolean;
  details: any;
  hasSubscription: boolean;
  type: string;
  description?: string;
  binData?: any;
}
export interface VaultManager {
  fetchPaymentMethods(options?: { defaultFirst?: boolean }, callback?: Callback<VaultedPaymentMethod[]>): Promise<VaultedPaymentMethod[]>;
  deletePaymentMethod(nonce: string, callback?: Callback<void>): Promise<void>;
  teardown(callback?: Callback<void>): Promise<void>;
}
export declare namespace vaultManager {
  const VERSION: '3.130.0';
  function create(options: WithClient, callback?: Callback<VaultManager>): Promise<VaultManager>;
}
