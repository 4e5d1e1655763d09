// @couture/payment-sdk/payment-ready
import type { Callback, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";

export interface PaymentReadyCustomer {
  deviceFingerprintId?: string;
  hashedEmail?: string;
  hashedPhoneNumber?: string;
  paypalAppInstalled?: boolean;
  venmoAppInstalled?: boolean;
  userAgent?: string;
}

export interface CustomerSession {
  sessionId: string;
  clientMutationId: string | null;
}

export interface CustomerRecommendations {
  sessionId: string;
  clientMutationId: string | null;
  paymentRecommendations: Array<{ paymentOption: string; recommendedPriority: number }>;
  isInPayPalNetwork: boolean;
}

export interface PaymentReadyEventOptions {
  paymentReadySessionId: string;
  buttonType: "paypal" | "venmo" | "other" | string;
  presentmentDetails?: {
    experimentType?: "control" | "test" | string;
    pageType?: string;
    buttonOrder?: string;
  };
}

export interface PaymentReady {
  createCustomerSession(options: { customer: PaymentReadyCustomer; sessionId?: string }, callback?: Callback<CustomerSession>): Promise<CustomerSession>;
  updateCustomerSession(options: { sessionId: string; customer: PaymentReadyCustomer }, callback?: Callback<CustomerSession>): Promise<CustomerSession>;
  getCustomerRecommendations(
    options: { sessionId: string; customer?: PaymentReadyCustomer; domain?: string; purchaseUnits?: unknown[] },
    callback?: Callback<CustomerRecommendations>,
  ): Promise<CustomerRecommendations>;
  sendPresentedEvent(options: PaymentReadyEventOptions): void;
  sendSelectedEvent(options: Omit<PaymentReadyEventOptions, "presentmentDetails">): void;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<PaymentReady>): Promise<PaymentReady>;
