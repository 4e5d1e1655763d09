// @couture/payment-sdk/preferred-payment-methods
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface PreferredPaymentMethodsResult {
  paypalPreferred: boolean;
  venmoPreferred: boolean;
}

export interface PreferredPaymentMethods {
  fetchPreferredPaymentMethods(callback?: Callback<PreferredPaymentMethodsResult>): Promise<PreferredPaymentMethodsResult>;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<PreferredPaymentMethods>): Promise<PreferredPaymentMethods>;
