// @couture/payment-sdk/unionpay
import type { BinData, Callback, CardDetails, ComponentOptions, Version } from "./shared";
import type { Client } from "./client";
import type { HostedFields } from "./hosted-fields";

export interface UnionPayCard {
  number: string;
  expirationDate?: string;
  expirationMonth?: string;
  expirationYear?: string;
  cvv?: string;
}

export interface UnionPayCapabilities {
  isUnionPay: boolean;
  isDebit: boolean;
  unionPay?: { supportsTwoStepAuthAndCapture: boolean; isSupported: boolean };
}

export interface UnionPayEnrollment {
  enrollmentId: string;
  smsCodeRequired: boolean;
}

export interface UnionPayTokenizePayload {
  nonce: string;
  type: string;
  description: string;
  details: CardDetails;
  binData?: BinData;
}

export interface UnionPay {
  fetchCapabilities(
    options: { card?: { number: string }; hostedFields?: HostedFields },
    callback?: Callback<UnionPayCapabilities>,
  ): Promise<UnionPayCapabilities>;
  enroll(
    options: { card?: UnionPayCard; hostedFields?: HostedFields; mobile: { countryCode: string; number: string } },
    callback?: Callback<UnionPayEnrollment>,
  ): Promise<UnionPayEnrollment>;
  tokenize(
    options: { card?: UnionPayCard; hostedFields?: HostedFields; enrollmentId: string; smsCode?: string; vault?: boolean },
    callback?: Callback<UnionPayTokenizePayload>,
  ): Promise<UnionPayTokenizePayload>;
  teardown(callback?: Callback<void>): Promise<void>;
}

export declare const VERSION: Version;
export declare function create(options: ComponentOptions<Client>, callback?: Callback<UnionPay>): Promise<UnionPay>;
