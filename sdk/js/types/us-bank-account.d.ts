// @couture/payment-sdk/us-bank-account
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface USBankAccountBillingAddress {
  streetAddress?: string;
  extendedAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
}

interface Owner {
  ownershipType: "personal" | "business";
  firstName?: string;
  lastName?: string;
  businessName?: string;
  billingAddress?: USBankAccountBillingAddress;
}

export interface USBankAccountTokenizeOptions {
  mandateText: string;
  bankDetails?: Owner & { routingNumber: string; accountNumber: string; accountType: "checking" | "savings" | string };
  bankLogin?: Owner & { displayName: string };
}

export interface USBankAccountTokenizePayload {
  nonce: string;
  details: Record<string, never>;
  description: string;
  type: "us_bank_account";
}

export interface USBankAccount {
  tokenize(options: USBankAccountTokenizeOptions, callback?: Callback<USBankAccountTokenizePayload>): Promise<USBankAccountTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<USBankAccount>): Promise<USBankAccount>;
