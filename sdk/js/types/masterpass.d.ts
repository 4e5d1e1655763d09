// @couture/payment-sdk/masterpass
import type { BinData, Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface MasterpassTokenizeOptions {
  subtotal: string;
  currencyCode: string;
  /** Masterpass checkout parameters (functions are ignored). */
  config?: Record<string, unknown>;
  frameOptions?: { width?: number; height?: number; top?: number; left?: number };
}

export interface MasterpassAddress {
  countryCodeAlpha2?: string;
  extendedAddress?: string;
  locality?: string;
  postalCode?: string;
  region?: string;
  streetAddress?: string;
}

export interface MasterpassTokenizePayload {
  nonce: string;
  description: string;
  type: "MasterpassCard";
  details: { cardType: string; lastFour: string; lastTwo: string };
  contact: { firstName: string; lastName: string; phoneNumber: string; emailAddress: string };
  billingAddress: MasterpassAddress;
  shippingAddress: MasterpassAddress;
  binData: BinData;
}

export interface Masterpass {
  tokenize(options: MasterpassTokenizeOptions, callback?: Callback<MasterpassTokenizePayload>): Promise<MasterpassTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function isSupported(): boolean;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<Masterpass>): Promise<Masterpass>;
