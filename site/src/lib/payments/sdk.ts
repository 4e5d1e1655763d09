import { assetsOrigin } from "@/config/assets-url";

/**
 * Our payment SDK, loaded at runtime from the assets host (never bundled:
 * it is versioned and served beside its frames and WebAssembly module, on an
 * origin of its own so the shop's pages cannot read its card frames), and
 * the few calls the checkout makes of it: the client from the API's client
 * token, the card hosted fields, 3-D Secure when the gateway enables it, and
 * the PayPal JS SDK script through paypalCheckout.
 */

export const SDK_VERSION = "3.130.0";

export interface SdkClient {
  getConfiguration(): { gatewayConfiguration: { threeDSecureEnabled?: boolean; paypalEnabled?: boolean } };
}

export interface CardPayload {
  nonce: string;
  details: { bin: string; lastFour?: string };
}

export interface HostedFields {
  tokenize(): Promise<CardPayload>;
  teardown(): Promise<void>;
}

interface ThreeDSecure {
  verifyCard(options: { nonce: string; bin: string; amount: string; onLookupComplete: (data: unknown, next: () => void) => void }): Promise<{ nonce: string }>;
  teardown(): Promise<void>;
}

interface PayPalCheckout {
  loadPayPalSDK(options: { currency: string; intent: string }): Promise<unknown>;
  teardown(): Promise<void>;
}

export interface PayPalButtons {
  render(target: HTMLElement): Promise<void>;
}

export interface PayPalButtonOptions {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

declare global {
  interface Window {
    paypal?: { Buttons(options: PayPalButtonOptions): PayPalButtons };
  }
}

interface Modules {
  client: { create(o: { authorization: string; sandboxUrl?: string }): Promise<SdkClient> };
  hostedFields: { create(o: object): Promise<HostedFields> };
  threeDSecure: { create(o: { client: SdkClient; version: string }): Promise<ThreeDSecure> };
  paypalCheckout: { create(o: { client: SdkClient }): Promise<PayPalCheckout> };
}

/** A module of the SDK by its file name, imported by the browser itself from the assets host. */
function load<T>(base: string, name: string): Promise<T> {
  return import(/* webpackIgnore: true */ `${base}/web/${SDK_VERSION}/js/${name}.js`) as Promise<T>;
}

let modules: Promise<Modules> | null = null;

function loadModules(base: string): Promise<Modules> {
  const from = <T>(name: string) => load<T>(base, name);
  modules ??= Promise.all([
    from<Modules["client"]>("client"),
    from<Modules["hostedFields"]>("hosted-fields"),
    from<Modules["threeDSecure"]>("three-d-secure"),
    from<Modules["paypalCheckout"]>("paypal-checkout"),
  ]).then(([client, hostedFields, threeDSecure, paypalCheckout]) => ({ client, hostedFields, threeDSecure, paypalCheckout }));
  modules.catch(() => {
    modules = null;
  });
  return modules;
}

/**
 * The provider's sandbox, when the client token points at one on this
 * machine (local runs and the journeys): the SDK accepts a loopback sandbox
 * only when told so. A production token points at the provider and gets none.
 */
/**
 * Where the SDK is loaded from: the assets host this build names, or, with a
 * local sandbox's token (whose ports the journeys pick), the loopback assets
 * host that token names.
 */
export function assetsUrlOf(clientToken: string): string {
  try {
    const { assetsUrl } = JSON.parse(atob(clientToken)) as { assetsUrl?: string };
    const url = new URL(assetsUrl ?? "");
    if (sandboxUrlOf(clientToken) && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) return url.origin;
  } catch {
    /* a production token: the build's assets host */
  }
  return assetsOrigin();
}

export function sandboxUrlOf(clientToken: string): string | undefined {
  try {
    const { configUrl } = JSON.parse(atob(clientToken)) as { configUrl?: string };
    const url = new URL(configUrl ?? "");
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    const at = url.pathname.indexOf("/merchants/");
    return loopback && at >= 0 ? url.origin + url.pathname.slice(0, at) : undefined;
  } catch {
    return undefined;
  }
}

export interface CardFieldContainers {
  number: string;
  cvv: string;
  expirationDate: string;
}

export interface Payments {
  client: SdkClient;
  fields: HostedFields;
  /** Verifies a tokenized card with 3-D Secure when the gateway enables it; answers the nonce to charge. */
  verify(payload: CardPayload, amount: string): Promise<string>;
  /** Renders the PayPal button into the element. */
  renderPayPal(target: HTMLElement, options: PayPalButtonOptions): Promise<void>;
  teardown(): Promise<void>;
}

export async function startPayments(clientToken: string, containers: CardFieldContainers): Promise<Payments> {
  const sdk = await loadModules(assetsUrlOf(clientToken));
  const client = await sdk.client.create({ authorization: clientToken, sandboxUrl: sandboxUrlOf(clientToken) });
  const fields = await sdk.hostedFields.create({
    client,
    styles: { input: { "font-size": "15px", "font-family": "'Helvetica Neue', Arial, sans-serif", color: "#111" }, ".invalid": { color: "#b3261e" } },
    fields: {
      number: { container: containers.number, placeholder: "1111 1111 1111 1111" },
      expirationDate: { container: containers.expirationDate, placeholder: "MM / YY" },
      cvv: { container: containers.cvv, placeholder: "CVV" },
    },
  });
  const gateway = client.getConfiguration().gatewayConfiguration;
  let paypal: PayPalCheckout | null = null;

  const verify = async (payload: CardPayload, amount: string) => {
    if (!gateway.threeDSecureEnabled) return payload.nonce;
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    try {
      const result = await tds.verifyCard({ nonce: payload.nonce, bin: payload.details.bin, amount, onLookupComplete: (_data, next) => next() });
      return result.nonce;
    } finally {
      await tds.teardown();
    }
  };

  const renderPayPal = async (target: HTMLElement, options: PayPalButtonOptions) => {
    if (!gateway.paypalEnabled) return;
    paypal ??= await sdk.paypalCheckout.create({ client });
    if (!window.paypal) await paypal.loadPayPalSDK({ currency: "USD", intent: "capture" });
    if (!window.paypal) throw new Error("PayPal script without paypal");
    target.replaceChildren();
    await window.paypal.Buttons(options).render(target);
  };

  const teardown = async () => {
    await Promise.allSettled([fields.teardown(), paypal?.teardown()]);
  };

  return { client, fields, verify, renderPayPal, teardown };
}
