// @couture/payment-sdk/payment-request
import type { BinData, Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface PaymentRequestCreateOptions extends ComponentOptions<Client> {
  enabledPaymentMethods?: { basicCard?: boolean; googlePay?: boolean };
  googlePayVersion?: 1 | 2;
}

/** One entry of `supportedPaymentMethods` (basic-card or Google Pay). */
export interface SupportedPaymentMethod {
  supportedMethods: string;
  data?: Record<string, unknown>;
}

export interface PaymentRequestConfiguration {
  supportedPaymentMethods?: SupportedPaymentMethod[];
  details: Record<string, unknown>;
  options?: Record<string, unknown>;
}

export interface PaymentRequestTokenizePayload {
  nonce: string;
  type: string;
  description: string;
  details: { rawPaymentResponse: Record<string, unknown>; cardType: string; lastFour: string; lastTwo: string };
  binData?: BinData;
}

export interface ShippingChangeEvent {
  target: { shippingAddress?: Record<string, unknown>; shippingOption?: string };
  updateWith(details: Record<string, unknown>): void;
}

export type PaymentRequestEvent = "shippingAddressChange" | "shippingaddresschange" | "shippingOptionChange" | "shippingoptionchange";

export interface PaymentRequestComponent {
  on(event: PaymentRequestEvent, handler: (event: ShippingChangeEvent) => void): void;
  off(event: PaymentRequestEvent, handler: (event: ShippingChangeEvent) => void): void;
  createSupportedPaymentMethodsConfiguration(type: "basicCard" | "googlePay", overrides?: Record<string, unknown>): SupportedPaymentMethod;
  canMakePayment(configuration: PaymentRequestConfiguration, callback?: Callback<boolean>): Promise<boolean>;
  tokenize(configuration: PaymentRequestConfiguration, callback?: Callback<PaymentRequestTokenizePayload>): Promise<PaymentRequestTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: PaymentRequestCreateOptions, callback?: Callback<PaymentRequestComponent>): Promise<PaymentRequestComponent>;
