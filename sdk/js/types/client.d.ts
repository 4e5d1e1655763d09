// @couture/payment-sdk/client
import type { Callback, Version } from "./shared";

export interface ClientCreateOptions {
  authorization: string;
  /** Explicit sandbox mode: the local sandbox's (loopback) URL. Off by default. */
  sandboxUrl?: string;
  /** Where the rules module is fetched from (default: next to the script). */
  wasmUrl?: string;
}

export interface GatewayConfiguration {
  environment: string;
  merchantId: string;
  assetsUrl: string;
  clientApiUrl: string;
  configUrl?: string;
  challenges: string[];
  graphQL?: { url: string; date?: string; features?: string[] };
  analytics?: { url: string };
  creditCards?: { supportedCardTypes: string[]; supportedGateways?: Array<{ name: string }>; collectDeviceData?: boolean };
  threeDSecureEnabled?: boolean;
  threeDSecure?: { cardinalAuthenticationJWT?: string; cardinalSongbirdUrl?: string };
  paypalEnabled?: boolean;
  paypal?: { clientId?: string; displayName?: string; environment?: string; unvettedMerchant?: boolean; sdkUrl?: string; [field: string]: unknown };
  [field: string]: unknown;
}

export interface Configuration {
  authorization: string;
  authorizationType: "TOKENIZATION_KEY" | "CLIENT_TOKEN";
  authorizationFingerprint?: string;
  gatewayConfiguration: GatewayConfiguration;
  analyticsMetadata: Record<string, string>;
  sandboxUrl?: string;
}

export interface RequestOptions {
  method?: string;
  endpoint?: string;
  data?: Record<string, unknown>;
  api?: "clientApi" | "graphQLApi";
  timeout?: number;
}

/** A response body, with the HTTP status it came with. */
export type Response = Record<string, unknown> & { _httpStatus: number };

export interface Client {
  getConfiguration(): Configuration;
  getVersion(): string;
  /** A callback gets (err, data, status) and nothing is returned. */
  request(options: RequestOptions): Promise<Response>;
  request(options: RequestOptions, callback: (err: import("./shared").BraintreeError | null, data: Response | null, status?: number) => void): void;
  teardown(callback?: Callback<void>): Promise<void>;
  toJSON(): Configuration;
}

export declare const VERSION: Version;
export declare function create(options: ClientCreateOptions): Promise<Client>;
export declare function create(options: ClientCreateOptions, callback: Callback<Client>): Promise<Client>;
