// client: authorization, configuration, requests to the provider's REST and
// GraphQL APIs, analytics. Every URL is checked against the provider's
// domains (or, in explicit sandbox mode, the local sandbox's own address).
import { load, rules, setWasmUrl } from "./wasm.js";
import { error, register } from "./errors.js";
import clientErrors from "../../src/errors/client.txt";
import { VERSION, wrap, attempt, uuid, convertMethodsToError, checkClient } from "./lib.js";
import { ANALYTICS_TIMEOUT, GRAPHQL_VERSION, INTEGRATION_TIMEOUT } from "./constants.json";

register(clientErrors);

const LIBRARY_VERSION = "braintree/web/" + VERSION;

/** One HTTP exchange with timeout; resolves {status, body, timedOut}. */
async function send(method, url, body, headers, timeout) {
  const controller = typeof AbortController === "function" ? new AbortController() : null;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (controller) controller.abort();
  }, timeout);
  try {
    const res = await fetch(url, {
      method,
      headers: Object.assign({ "Content-Type": "application/json" }, headers),
      body: body == null ? undefined : JSON.stringify(body),
      signal: controller ? controller.signal : undefined,
      credentials: "omit",
    });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch (_) {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed, timedOut: false };
  } catch (_) {
    return { status: 0, body: null, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

function query(params) {
  const parts = [];
  for (const k in params) {
    const v = params[k];
    if (v == null || typeof v === "object") continue;
    parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(v));
  }
  return parts.join("&");
}

/** Parses the authorization into {type, credential, configUrl, attrs}. */
function parseAuthorization(authorization, sandboxUrl) {
  const kind = rules.authKind(authorization);
  if (kind === 1) {
    const configUrl = rules.tokenizationKeyConfigUrl(authorization, sandboxUrl);
    if (!configUrl) throw error("CLIENT_INVALID_AUTHORIZATION");
    return { type: "TOKENIZATION_KEY", credential: authorization, configUrl, attrs: { tokenizationKey: authorization } };
  }
  if (kind === 2) {
    let token;
    try {
      token = JSON.parse(rules.decodeClientToken(authorization));
    } catch (_) {
      token = null;
    }
    if (!token || !token.authorizationFingerprint || !token.configUrl) throw error("CLIENT_INVALID_AUTHORIZATION");
    return {
      type: "CLIENT_TOKEN",
      credential: token.authorizationFingerprint,
      configUrl: token.configUrl,
      attrs: { authorizationFingerprint: token.authorizationFingerprint },
    };
  }
  throw error("CLIENT_INVALID_AUTHORIZATION");
}

/** The reference's domain error: it names the property, never the URL. */
function invalidDomain(property) {
  return error("CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN", undefined, undefined, property + " property is on an invalid domain.");
}

/** Every URL of the configuration is on the provider's domains (or the named sandbox). */
function checkDomains(gw, sandboxUrl) {
  const urls = {
    assetsUrl: gw.assetsUrl,
    clientApiUrl: gw.clientApiUrl,
    configUrl: gw.configUrl,
    "graphQL.url": gw.graphQL && gw.graphQL.url,
    "analytics.url": gw.analytics && gw.analytics.url,
  };
  for (const property in urls) {
    const url = urls[property];
    // In sandbox mode the assets host is a loopback origin of its own (never the page's).
    const localAssets = property === "assetsUrl" && sandboxUrl && rules.isLoopbackUrl(url);
    if (url && !localAssets && !rules.isAllowedUrl(url, sandboxUrl)) throw invalidDomain(property);
  }
}

export class Client {
  /** Built from a configuration (as getConfiguration() returns it); no network. */
  constructor(configuration) {
    if (!configuration || !configuration.gatewayConfiguration) throw error("CLIENT_MISSING_GATEWAY_CONFIGURATION");
    checkDomains(configuration.gatewayConfiguration, configuration.sandboxUrl || "");
    this._configuration = configuration;
    const auth =
      configuration.authorizationType === "TOKENIZATION_KEY"
        ? { tokenizationKey: configuration.authorization }
        : { authorizationFingerprint: configuration.authorizationFingerprint };
    this._authAttrs = auth;
    this._credential = auth.tokenizationKey || auth.authorizationFingerprint;
  }

  getConfiguration() {
    return JSON.parse(JSON.stringify(this._configuration));
  }

  getVersion() {
    return VERSION;
  }

  /**
   * request({method, endpoint, data, api, timeout}[, callback]): resolves the
   * response body as the provider sent it (nothing added: integrations and
   * 3-D Secure's onLookupComplete see it); a callback also gets the status,
   * (err, data, status), as the reference's does.
   */
  request(options, callback) {
    const exchange = attempt(() => this._request(options || {}));
    if (typeof callback !== "function") return exchange.then((r) => r.body);
    exchange.then(
      (r) => callback(null, r.body, r.status),
      (e) => callback(e, null, e && e.details && e.details.httpStatus),
    );
    return undefined;
  }

  async _request(options) {
    if (options.api !== "graphQLApi") {
      const missing = !options.method ? "options.method" : !options.endpoint ? "options.endpoint" : null;
      if (missing) throw error("CLIENT_OPTION_REQUIRED", undefined, missing + " is required when making a request.");
    }
    const api = "api" in options ? options.api : "clientApi";
    if (api !== "clientApi" && api !== "graphQLApi") throw error("CLIENT_OPTION_INVALID", undefined, "options.api is invalid.");
    const gw = this._configuration.gatewayConfiguration;
    const timeout = options.timeout || INTEGRATION_TIMEOUT;
    const graphql = api === "graphQLApi";
    let method = "POST";
    let url;
    let body;
    const headers = {};
    if (graphql) {
      url = gw.graphQL.url;
      headers.Authorization = "Bearer " + this._credential;
      headers["Braintree-Version"] = gw.graphQL.date || GRAPHQL_VERSION;
      body = Object.assign({ clientSdkMetadata: this._meta() }, options.data);
    } else {
      method = options.method.toUpperCase();
      url = gw.clientApiUrl + "/v1/" + options.endpoint.replace(/^\//, "");
      const data = Object.assign({ braintreeLibraryVersion: LIBRARY_VERSION, _meta: this._meta() }, options.data, this._authAttrs);
      if (method === "GET") {
        url += (url.indexOf("?") < 0 ? "?" : "&") + query(data);
      } else {
        body = data;
      }
    }
    if (!rules.isAllowedUrl(url, this._configuration.sandboxUrl || "")) throw invalidDomain(graphql ? "graphQL.url" : "clientApiUrl");
    for (let attemptNo = 0; ; attemptNo++) {
      const res = await send(method, url, body, headers, timeout);
      const gqlErrors = graphql && res.body && res.body.errors;
      if (res.status >= 200 && res.status < 400 && !gqlErrors) return { status: res.status, body: res.body };
      if (rules.shouldRetry(res.status, res.timedOut, attemptNo)) continue;
      const code = gqlErrors && res.status < 400 ? "CLIENT_GRAPHQL_REQUEST_ERROR" : rules.requestErrorCode(res.status, graphql, res.timedOut);
      throw error(code, { originalError: gqlErrors || res.body, httpStatus: res.status });
    }
  }

  _meta() {
    const m = this._configuration.analyticsMetadata;
    return {
      merchantAppId: m.merchantAppId,
      platform: "web",
      sdkVersion: VERSION,
      source: "client",
      integration: "custom",
      integrationType: "custom",
      sessionId: m.sessionId,
    };
  }

  /** Analytics: fire and forget, 2 s timeout, only the allowed extra fields. */
  _sendEvent(kind, extra) {
    const gw = this._configuration.gatewayConfiguration;
    if (!gw.analytics || !gw.analytics.url) return Promise.resolve();
    const payload = { event: kind, timestamp: Date.now() };
    for (const k in extra || {}) if (rules.isAnalyticsField(k)) payload[k] = extra[k];
    const body = Object.assign({ events: [{ level: "info", event: kind, payload }], tracking: [payload], _meta: this._meta() }, this._authAttrs);
    return send("POST", gw.analytics.url, body, {}, ANALYTICS_TIMEOUT).then(() => undefined);
  }

  teardown(callback) {
    convertMethodsToError(this, ["request", "getConfiguration", "getVersion", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }

  toJSON() {
    return this.getConfiguration();
  }
}

/**
 * The client a component's create(options) works with, after the
 * reference's check (thrown): the merchant's own, or a promise of one made
 * from the authorization (and sandboxUrl).
 */
export function clientOf(options, component) {
  const missing = checkClient(options, component);
  if (missing) throw missing;
  return options.client ? Promise.resolve(options.client) : create({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
}

/**
 * create({authorization, sandboxUrl?, wasmUrl?}[, callback]).
 * `sandboxUrl` turns on sandbox mode: tokenization keys resolve there and its
 * (loopback-only) origin is accepted beside the provider's domains.
 */
export function create(options, callback) {
  return wrap(
    attempt(() => build(options || {})),
    callback,
  );
}

async function build(options) {
  if (!options.authorization) {
    throw error("INSTANTIATION_OPTION_REQUIRED", undefined, undefined, "options.authorization is required when instantiating a client.");
  }
  if (options.wasmUrl) setWasmUrl(options.wasmUrl);
  await load();
  const sandboxUrl = options.sandboxUrl || "";
  if (sandboxUrl && !rules.isLoopbackUrl(sandboxUrl)) {
    throw error("CLIENT_OPTION_INVALID", undefined, "options.sandboxUrl must be a loopback address.");
  }
  const auth = parseAuthorization(options.authorization, sandboxUrl);
  if (!rules.isAllowedUrl(auth.configUrl, sandboxUrl)) throw invalidDomain("configUrl");
  const sep = auth.configUrl.indexOf("?") < 0 ? "?" : "&";
  const url = auth.configUrl + sep + query(Object.assign({ configVersion: 3, braintreeLibraryVersion: LIBRARY_VERSION }, auth.attrs));
  let res = await send("GET", url, null, {}, INTEGRATION_TIMEOUT);
  if (rules.shouldRetry(res.status, res.timedOut, 0)) res = await send("GET", url, null, {}, INTEGRATION_TIMEOUT);
  if (res.status < 200 || res.status >= 400 || !res.body) {
    const code = res.status === 401 || res.status === 404 ? "CLIENT_AUTHORIZATION_INVALID" : rules.requestErrorCode(res.status, false, res.timedOut);
    throw error(code, { originalError: res.body, httpStatus: res.status });
  }
  const gw = res.body;
  const client = new Client({
    authorization: options.authorization,
    authorizationType: auth.type,
    authorizationFingerprint: auth.attrs.authorizationFingerprint,
    gatewayConfiguration: gw,
    sandboxUrl,
    analyticsMetadata: {
      sessionId: uuid(),
      sdkVersion: VERSION,
      merchantAppId: typeof location === "object" ? location.host : "",
      platform: "web",
      source: "client",
      integration: "custom",
      integrationType: "custom",
    },
  });
  client._sendEvent("web.custom.client.initialized");
  return client;
}

export { VERSION };
