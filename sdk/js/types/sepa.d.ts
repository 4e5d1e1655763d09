// @couture/payment-sdk/sepa
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface SEPACreateOptions extends ComponentOptions<Client> {
  /** Full-page redirect flow: the page the mandate approval returns to (instead of a popup). */
  redirectUrl?: string;
  debug?: boolean;
}

export interface SEPATokenizeOptions {
  iban: string;
  merchantAccountId: string;
  mandateType: "ONE_OFF" | "RECURRENT";
  customerId: string;
  accountHolderName: string;
  countryCode: string;
  billingAddress?: {
    addressLine1?: string;
    addressLine2?: string;
    adminArea1?: string;
    adminArea2?: string;
    postalCode?: string;
  };
  locale?: string;
}

export interface SEPATokenizePayload {
  nonce: string;
  ibanLastFour: string;
  customerId: string;
  mandateType: string;
}

export interface SEPA {
  /** Set by create on the page a full-page redirect returned to with an approved mandate. */
  tokenizePayload?: SEPATokenizePayload;
  /** Resolves the payload (popup flow), or nothing once the page is leaving (redirect flow). */
  tokenize(options: SEPATokenizeOptions, callback?: Callback<SEPATokenizePayload | undefined>): Promise<SEPATokenizePayload | undefined>;
}

export declare const VERSION: Version;
export declare function create(options: SEPACreateOptions, callback?: Callback<SEPA>): Promise<SEPA>;
