// @couture/payment-sdk/hosted-fields
import type { Address, BinData, Callback, CardDetails, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export type HostedFieldKey = "cardholderName" | "number" | "cvv" | "expirationDate" | "expirationMonth" | "expirationYear" | "postalCode";

export interface HostedFieldOptions {
  container?: string | HTMLElement;
  /** Deprecated: an alias of `container`. */
  selector?: string;
  iframeTitle?: string;
  internalLabel?: string;
  placeholder?: string;
  type?: string;
  formatInput?: boolean;
  maxlength?: number;
  minlength?: number;
  prefill?: string;
  rejectUnsupportedCards?: boolean;
  supportedCardBrands?: Record<string, boolean>;
  select?: boolean | { options: string[] };
}

export interface HostedFieldsCreateOptions extends ComponentOptions<Client> {
  fields: Partial<Record<HostedFieldKey, HostedFieldOptions>>;
  styles?: Record<string, Record<string, string> | string>;
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
  /** Whether the merchant accepts the network (see rejectUnsupportedCards). */
  supported?: boolean;
}

export interface HostedFieldsState {
  cards: HostedFieldsCard[];
  fields: Partial<Record<HostedFieldKey, HostedFieldsFieldState>>;
}

export type HostedFieldsEvent = HostedFieldsState & { emittedBy: HostedFieldKey };
export type HostedFieldsEventName = "focus" | "blur" | "empty" | "notEmpty" | "validityChange" | "cardTypeChange" | "inputSubmitRequest";

export interface HostedFieldsTokenizeOptions {
  vault?: boolean;
  fieldsToTokenize?: HostedFieldKey[];
  cardholderName?: string;
  billingAddress?: Address;
  shippingAddress?: Address;
}

export interface HostedFieldsTokenizePayload {
  nonce: string;
  type: "CreditCard";
  description: string;
  details: CardDetails;
  binData: BinData;
}

export type HostedFieldAttribute = "aria-invalid" | "aria-required" | "disabled" | "placeholder";

export interface HostedFields {
  on(event: HostedFieldsEventName, handler: (event: HostedFieldsEvent) => void): void;
  on(event: "binAvailable", handler: (event: { bin: string }) => void): void;
  off(event: HostedFieldsEventName | "binAvailable", handler: (event: never) => void): void;
  tokenize(options?: HostedFieldsTokenizeOptions): Promise<HostedFieldsTokenizePayload>;
  tokenize(options: HostedFieldsTokenizeOptions | undefined, callback: Callback<HostedFieldsTokenizePayload>): Promise<HostedFieldsTokenizePayload>;
  tokenize(callback: Callback<HostedFieldsTokenizePayload>): Promise<HostedFieldsTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
  getState(): HostedFieldsState;
  focus(field: HostedFieldKey, callback?: Callback<void>): Promise<void>;
  clear(field: HostedFieldKey, callback?: Callback<void>): Promise<void>;
  setAttribute(options: { field: HostedFieldKey; attribute: HostedFieldAttribute; value: string | number | boolean }, callback?: Callback<void>): Promise<void>;
  removeAttribute(options: { field: HostedFieldKey; attribute: HostedFieldAttribute }, callback?: Callback<void>): Promise<void>;
  setPlaceholder(field: HostedFieldKey, placeholder: string, callback?: Callback<void>): Promise<void>;
  addClass(field: HostedFieldKey, classname: string, callback?: Callback<void>): Promise<void>;
  removeClass(field: HostedFieldKey, classname: string, callback?: Callback<void>): Promise<void>;
  setMessage(options: { field: HostedFieldKey; message: string }): void;
  setMonthOptions(options: string[], callback?: Callback<void>): Promise<void>;
  getChallenges(callback?: Callback<string[]>): Promise<string[]>;
  getSupportedCardTypes(callback?: Callback<string[]>): Promise<string[]>;
}

export declare const VERSION: Version;
export declare function create(options: HostedFieldsCreateOptions, callback?: Callback<HostedFields>): Promise<HostedFields>;
/** False where input formatting is turned off for the browser (Samsung Internet). */
export declare function supportsInputFormatting(): boolean;
