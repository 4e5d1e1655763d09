// @couture/payment-sdk/vault-manager
import type { BinData, Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface VaultedPaymentMethod {
  nonce: string;
  default: boolean;
  details: Record<string, unknown>;
  hasSubscription: boolean;
  type: string;
  description?: string;
  binData?: BinData;
}

export interface VaultManager {
  fetchPaymentMethods(options?: { defaultFirst?: boolean }, callback?: Callback<VaultedPaymentMethod[]>): Promise<VaultedPaymentMethod[]>;
  deletePaymentMethod(nonce: string, callback?: Callback<void>): Promise<void>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<VaultManager>): Promise<VaultManager>;
