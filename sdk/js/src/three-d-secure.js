// threeDSecure (version 2 only), shaped like the reference's songbird
// frameworks: create checks the version and the client, then starts loading
// and setting up the authentication script without waiting for it;
// verifyCard checks its options, builds the lookup data (waiting for the
// script's device-data session only then), looks up, hands the result to
// onLookupComplete or the lookup-complete listeners, and either resolves at
// once or has the script present the challenge: its own modal (`2`), its
// bootstrap3 modal (`2-bootstrap3-modal`) or an inline iframe the merchant
// places (`2-inline-iframe`, from the HTML the script hands over).
import { load, rules } from "./wasm.js";
import { error, BraintreeError, register } from "./errors.js";
import threeDSecureErrors from "../../src/errors/three-d-secure.txt";
import { VERSION, wrap, attempt, convertMethodsToError, Emitter, loadScript, checkClient } from "./lib.js";
import { create as createClient } from "./client.js";
import { INTEGRATION_TIMEOUT } from "./constants.json";

register(threeDSecureErrors);

export { VERSION };

const NAME = "3D Secure";
const METHODS = ["verifyCard", "cancelVerifyCard", "teardown", "on", "off", "initializeChallengeWithLookupResponse", "prepareLookup"];
// The script's UI events and the instance events they become.
const UI_EVENTS = {
  "ui.close": "authentication-modal-close",
  "ui.render": "authentication-modal-render",
  "ui.renderHidden": "authentication-modal-render-hidden",
  "ui.loading.close": "authentication-modal-loader-close",
  "ui.loading.render": "authentication-modal-loader-render",
};
const SCRIPT_FRAMEWORKS = { "bootstrap3-modal": "bootstrap3", "inline-iframe": "inline" };

export function create(options, callback) {
  return wrap(
    attempt(() => build(options || {})),
    callback,
  );
}

// The checks in the reference's order: version, client, client version,
// then (once the client exists) the configuration.
async function build(options) {
  await load();
  const framework = parseVersion(options.version);
  const missing = checkClient(options, NAME);
  if (missing) throw missing;
  const clientPromise = (
    options.client ? Promise.resolve(options.client) : createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl })
  ).then(checkConfiguration);
  // With only an authorization the reference hands the instance back at once;
  // configuration errors then surface from the instance's methods.
  clientPromise.catch(() => {});
  const instance = new ThreeDSecure(clientPromise, framework, options);
  if (options.client) await clientPromise;
  return instance;
}

function parseVersion(version) {
  const framework = rules.threeDSVersion(String(version || ""));
  if (framework[0] === "!") throw error(framework.slice(1), undefined, String(version));
  return framework;
}

function checkConfiguration(client) {
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  const code = rules.threeDSCreationError(
    Boolean(gw.threeDSecureEnabled),
    config.authorizationType === "TOKENIZATION_KEY",
    gw.environment === "production",
    typeof location === "object" && location.protocol === "https:",
    Boolean(gw.threeDSecure && gw.threeDSecure.cardinalAuthenticationJWT),
  );
  if (code) throw error(code);
  return client;
}

/** A promise with its resolve and reject at hand. */
/**
 * A promise with its settling functions beside it.
 * @returns {{ promise: Promise<any>, resolve: (value?: any) => void, reject: (reason?: any) => void }}
 */
function deferred() {
  const d = /** @type {ReturnType<typeof deferred>} */ ({});
  d.promise = new Promise((resolve, reject) => {
    d.resolve = resolve;
    d.reject = reject;
  });
  d.promise.catch(() => {});
  return d;
}

/** Calls `fn` on a later tick, as the reference does with onLookupComplete. */
function later(fn) {
  return (...args) => {
    setTimeout(() => fn(...args), 1);
  };
}

function jsType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The reference's "exists and is numeric" (see threeds::is_valid_amount). */
function amountIsNumeric(amount) {
  const type = jsType(amount);
  if (type === "string") return rules.isValidAmount(type, amount);
  if (type === "undefined" || type === "null" || type === "array" || type === "boolean") return rules.isValidAmount(type, "");
  let number;
  try {
    number = Number(amount);
  } catch (_) {
    number = NaN;
  }
  return rules.isValidAmount(type, String(number));
}

function copyAddress(source, target, prefix) {
  target[prefix + "Line1"] = source.streetAddress;
  target[prefix + "Line2"] = source.extendedAddress;
  target[prefix + "Line3"] = source.line3;
  target[prefix + "City"] = source.locality;
  target[prefix + "State"] = source.region;
  target[prefix + "PostalCode"] = source.postalCode;
  target[prefix + "CountryCode"] = source.countryCodeAlpha2;
}

function formatAuthResponse(paymentMethod, info) {
  return {
    nonce: paymentMethod.nonce,
    type: paymentMethod.type,
    binData: paymentMethod.binData,
    details: paymentMethod.details,
    description: paymentMethod.description && paymentMethod.description.replace(/\+/g, " "),
    liabilityShifted: info && info.liabilityShifted,
    liabilityShiftPossible: info && info.liabilityShiftPossible,
    threeDSecureInfo: paymentMethod.threeDSecureInfo,
  };
}

class ThreeDSecure extends Emitter {
  constructor(clientPromise, framework, options) {
    super();
    this._clientPromise = clientPromise;
    this._client = null;
    this._framework = framework;
    this._createOptions = options;
    this._clientMetadata = { requestedThreeDSecureVersion: "2", sdkVersion: "web/" + VERSION };
    this._dfReferenceId = deferred();
    this._cardinalEvents = [];
    /** @type {ReturnType<typeof deferred> | null} */
    this._songbird = null;
    this._songbirdInitFailed = false;
    this._setupError = null;
    this._verifyCardInProgress = false;
    /** @type {ReturnType<typeof deferred> | null} */
    this._verification = null;
    this._lookupPaymentMethod = null;
    this._setupSongbird();
  }

  _waitForClient() {
    return this._clientPromise.then((client) => {
      this._client = client;
    });
  }

  // --- The authentication script ---

  /** Loads and sets the script up once; resolves when set up or failed. */
  _setupSongbird() {
    if (this._songbird) return this._songbird.promise;
    this._songbird = deferred();
    const startTime = Date.now();
    this._loadCardinalScript()
      .then(() => {
        if (!window.Cardinal) throw error("THREEDS_CARDINAL_SDK_SETUP_FAILED");
        return this._configureCardinal(startTime);
      })
      .catch((e) => {
        clearTimeout(this._setupTimer);
        this._songbirdFailed(e instanceof BraintreeError ? e : error("THREEDS_CARDINAL_SDK_SETUP_FAILED", { originalError: e }));
      });
    return this._songbird.promise;
  }

  _loadCardinalScript() {
    return this._waitForClient()
      .then(() => {
        const config = this._client.getConfiguration();
        const tds = config.gatewayConfiguration.threeDSecure;
        const url = String(tds.cardinalSongbirdUrl || "");
        // The provider names the script; only https (or the local sandbox) loads.
        if (!/^https:\/\//i.test(url) && !rules.isAllowedUrl(url, config.sandboxUrl || "")) throw new Error("refused " + url);
        const attrs = tds.cardinalSongbirdIdentityHash ? { crossorigin: "anonymous", integrity: tds.cardinalSongbirdIdentityHash } : {};
        this._setupTimer = setTimeout(
          () => this._songbirdFailed(error("THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT")),
          this._createOptions.timeout || INTEGRATION_TIMEOUT,
        );
        return loadScript(url, attrs);
      })
      .catch((e) => {
        throw e instanceof BraintreeError ? e : error("THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED", { originalError: e });
      });
  }

  /** The script could not be set up: lookups go on without it, challenges fail. */
  _songbirdFailed(err) {
    this._songbirdInitFailed = true;
    this._setupError = this._setupError || err;
    this._removeCardinalListeners();
    this._dfReferenceId.reject(err);
    if (this._songbird) this._songbird.resolve();
  }

  _configureCardinal(startTime) {
    return this._waitForClient().then(() => {
      if (this._tornDown) return;
      const Cardinal = window.Cardinal;
      const jwt = this._client.getConfiguration().gatewayConfiguration.threeDSecure.cardinalAuthenticationJWT;
      for (const name of Object.keys(UI_EVENTS)) this._onCardinal(name, () => this._emit(UI_EVENTS[name]));
      this._onCardinal("payments.setupComplete", (data) => {
        this._dfReferenceId.resolve(data && data.sessionId);
        clearTimeout(this._setupTimer);
        this._songbird?.resolve();
      });
      if (this._framework === "inline-iframe") {
        this._onCardinal("ui.inline.setup", (html, details, resolve, reject) => this._onInlineSetup(html, details, resolve, reject));
      }
      Cardinal.configure(this._cardinalConfiguration());
      Cardinal.setup("init", { jwt });
      this._clientMetadata.cardinalDeviceDataCollectionTimeElapsed = Date.now() - startTime;
      this._onCardinal("payments.validated", (data, validatedJwt) => this._onValidated(data, validatedJwt));
    });
  }

  _onCardinal(name, handler) {
    this._cardinalEvents.push(name);
    window.Cardinal.on(name, handler);
  }

  _removeCardinalListeners() {
    if (window.Cardinal) for (const name of this._cardinalEvents) window.Cardinal.off(name);
    this._cardinalEvents = [];
  }

  /** The merchant's logging, displayLoading and displayExitButton, and the presentation. */
  _cardinalConfiguration() {
    const given = this._createOptions.cardinalSDKConfig || {};
    const payment = given.payment || {};
    const configuration = Object.assign({}, given, { payment: {} });
    if (!configuration.logging && this._createOptions.loggingEnabled) configuration.logging = { level: "verbose" };
    for (const key of ["displayLoading", "displayExitButton"]) {
      if (Object.prototype.hasOwnProperty.call(payment, key)) configuration.payment[key] = payment[key];
    }
    if (SCRIPT_FRAMEWORKS[this._framework]) configuration.payment.framework = SCRIPT_FRAMEWORKS[this._framework];
    return configuration;
  }

  /** Inline presentation: the script hands the challenge as an HTML string. */
  _onInlineSetup(html, details, resolve, reject) {
    const mode = details && details.data && details.data.mode;
    if (!html || !details || details.paymentType !== "CCA" || !(mode === "suppress" || mode === "static")) {
      reject(error("THREEDS_INLINE_IFRAME_DETAILS_INCORRECT"));
      return;
    }
    const container = document.createElement("div");
    container.innerHTML = html;
    if (mode === "suppress") {
      container.style.display = "none";
      document.body.appendChild(container);
      resolve();
      return;
    }
    this._emit("authentication-iframe-available", { element: container }, () => resolve());
  }

  _onValidated(data, validatedJwt) {
    const verification = this._verification;
    if (!verification) {
      this._songbirdFailed(error(rules.cardinalErrorCode(Number(data && data.ErrorNumber) || 0)));
      return;
    }
    const action = String(data && data.ActionCode);
    if (rules.actionAuthenticates(action)) {
      this._performJWTValidation(data, validatedJwt).then(verification.resolve, verification.reject);
    } else if (action === "ERROR") {
      const err = error(rules.cardinalErrorCode(Number(data.ErrorNumber) || 0));
      err.details = { originalError: { code: data.ErrorNumber, description: data.ErrorDescription } };
      verification.reject(err);
    }
  }

  async _performJWTValidation(raw, jwt) {
    const nonce = this._lookupPaymentMethod.nonce;
    const ext = raw && raw.Payment && raw.Payment.ExtendedData;
    if (ext && ext.ChallengeCancel && rules.isCustomerCancel(String(ext.ChallengeCancel))) this._emit("customer-canceled");
    try {
      await this._waitForClient();
      const response = await this._client.request({
        method: "post",
        endpoint: "payment_methods/" + encodeURIComponent(nonce) + "/three_d_secure/authenticate_from_jwt",
        data: { jwt, paymentMethodNonce: nonce },
      });
      const formatted = formatAuthResponse(response.paymentMethod || this._lookupPaymentMethod, response.threeDSecureInfo);
      formatted.rawCardinalSDKVerificationData = raw;
      return formatted;
    } catch (e) {
      throw error("THREEDS_JWT_AUTHENTICATION_FAILED", { originalError: e });
    }
  }

  _triggerBinProcess(bin) {
    const start = Date.now();
    return window.Cardinal.trigger("bin.process", bin).then((results) => {
      this._clientMetadata.issuerDeviceDataCollectionTimeElapsed = Date.now() - start;
      this._clientMetadata.issuerDeviceDataCollectionResult = results && results.Status;
    });
  }

  // --- verifyCard ---

  verifyCard(options, callback) {
    const ignoreOnLookupCompleteRequirement = this.hasListener("lookup-complete");
    return wrap(
      attempt(() => this._verifyCard(options || {}, ignoreOnLookupCompleteRequirement)),
      callback,
    );
  }

  async _verifyCard(options, ignoreOnLookupCompleteRequirement) {
    const check = rules.threeDSVerifyCardCheck(
      Boolean(options.bin),
      this._verifyCardInProgress === true,
      Boolean(options.nonce),
      amountIsNumeric(options.amount),
      typeof options.onLookupComplete === "function" || ignoreOnLookupCompleteRequirement,
    );
    if (check === "THREEDS_AUTHENTICATION_IN_PROGRESS") throw error(check);
    if (check) throw error("THREEDS_MISSING_VERIFY_CARD_OPTION", undefined, check);
    this._verifyCardInProgress = true;
    const formatted = this._formatVerifyCardOptions(options);
    try {
      const data = await this._formatLookupData(formatted);
      const response = await this._performLookup(formatted.nonce, data);
      await this._onLookupComplete(response, formatted);
      return await this._initializeChallenge(response);
    } finally {
      this._resetVerificationState();
    }
  }

  _formatVerifyCardOptions(options) {
    const formatted = Object.assign({}, options);
    const info = Object.assign({}, options.additionalInformation);
    const billing = options.billingAddress;
    if (billing) {
      copyAddress(billing, info, "billing");
      info.billingPhoneNumber = billing.phoneNumber;
      info.billingGivenName = billing.givenName;
      info.billingSurname = billing.surname;
    }
    if (info.shippingAddress) {
      copyAddress(info.shippingAddress, info, "shipping");
      delete info.shippingAddress;
    }
    if (options.onLookupComplete) formatted.onLookupComplete = later(options.onLookupComplete);
    if (options.email) info.email = options.email;
    if (options.mobilePhoneNumber) info.mobilePhoneNumber = options.mobilePhoneNumber;
    formatted.additionalInformation = info;
    return formatted;
  }

  /** The lookup request's data; the exemption is checked before any wait on the script. */
  _formatLookupData(options) {
    const data = { amount: options.amount };
    if (options.collectDeviceData === true) Object.assign(data, browserData());
    data.additionalInfo = options.additionalInformation;
    if (options.accountType) data.accountType = options.accountType;
    if (options.challengeRequested) data.challengeRequested = options.challengeRequested;
    if (options.requestedExemptionType) {
      if (!rules.isValidExemption(String(options.requestedExemptionType))) {
        throw error("THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID", undefined, String(options.requestedExemptionType));
      }
      data.requestedExemptionType = options.requestedExemptionType;
    }
    for (const key of ["customFields", "dataOnlyRequested", "exemptionRequested", "requestVisaDAF", "bin"]) {
      if (options[key]) data[key] = options[key];
    }
    if (options.cardAdd != null) data.cardAdd = options.cardAdd;
    if (options.cardAddChallengeRequested != null) data.cardAdd = options.cardAddChallengeRequested;
    if (options.merchantName) data.merchantName = options.merchantName;
    return this._prepareLookup(data);
  }

  /** Adds the device-data session and client facts; a script failure is no error here. */
  async _prepareLookup(options) {
    const data = Object.assign({}, options);
    try {
      data.dfReferenceId = await this._dfReferenceId.promise;
      await this._triggerBinProcess(options.bin);
    } catch (_) {
      // The lookup goes on without the script's device data.
    }
    await this._waitForClient();
    data.clientMetadata = this._clientMetadata;
    data.authorizationFingerprint = this._client.getConfiguration().authorizationFingerprint;
    data.braintreeLibraryVersion = "braintree/web/" + VERSION;
    return data;
  }

  async _performLookup(nonce, data) {
    await this._waitForClient();
    try {
      return await this._client.request({
        endpoint: "payment_methods/" + encodeURIComponent(nonce) + "/three_d_secure/lookup",
        method: "post",
        data,
      });
    } catch (e) {
      const status = (e && e.details && e.details.httpStatus) || 0;
      throw error(rules.lookupErrorCode(status), { originalError: e });
    }
  }

  /** onLookupComplete when given, else the lookup-complete listeners; never both. */
  _onLookupComplete(response, options) {
    this._lookupPaymentMethod = response.paymentMethod;
    const verification = (this._verification = deferred());
    return new Promise((resolve, reject) => {
      response.requiresUserAuthentication = Boolean(response.lookup && response.lookup.acsUrl);
      const next = () => resolve(response);
      verification.promise.catch(reject);
      if (options.onLookupComplete) options.onLookupComplete(response, next);
      else this._emit("lookup-complete", response, next);
    });
  }

  async _initializeChallenge(lookupResponse) {
    await this._setupSongbird();
    this._lookupPaymentMethod = lookupResponse.paymentMethod;
    const verification = this._verification || (this._verification = deferred());
    const lookup = lookupResponse.lookup;
    if (lookup && lookup.acsUrl) {
      this._presentChallenge(lookup, verification);
    } else {
      const details = formatAuthResponse(lookupResponse.paymentMethod, lookupResponse.threeDSecureInfo);
      details.verificationDetails = lookupResponse.threeDSecureInfo;
      verification.resolve(details);
    }
    return verification.promise;
  }

  _presentChallenge(lookup, verification) {
    // The reference waits forever here; the set-up failure is the better answer.
    if (this._songbirdInitFailed) {
      verification.reject(this._setupError || error("THREEDS_CARDINAL_SDK_SETUP_FAILED"));
      return;
    }
    if (!lookup.transactionId) return;
    window.Cardinal.continue("cca", { AcsUrl: lookup.acsUrl, Payload: lookup.pareq }, { OrderDetails: { TransactionId: lookup.transactionId } });
  }

  /** Ready for the next verification: the script is set up afresh, as the reference does. */
  _resetVerificationState() {
    this._verifyCardInProgress = false;
    this._verification = null;
    if (window.Cardinal && this._cardinalEvents.length) {
      this._removeCardinalListeners();
      this._configureCardinal(Date.now()).catch(() => {});
    }
  }

  initializeChallengeWithLookupResponse(lookupResponse, callback) {
    return wrap(
      attempt(async () => {
        const response = typeof lookupResponse === "string" ? JSON.parse(lookupResponse) : lookupResponse;
        try {
          return await this._initializeChallenge(response);
        } finally {
          if (!this._verifyCardInProgress) this._resetVerificationState();
        }
      }),
      callback,
    );
  }

  prepareLookup(options, callback) {
    return wrap(
      attempt(() => this._prepareLookup(options || {}).then((data) => JSON.stringify(data))),
      callback,
    );
  }

  cancelVerifyCard(callback) {
    return wrap(
      attempt(() => this._cancelVerifyCard()),
      callback,
    );
  }

  _cancelVerifyCard(verifyCardError) {
    this._verifyCardInProgress = false;
    const pm = this._lookupPaymentMethod;
    if (!pm) throw error("THREEDS_NO_VERIFICATION_PAYLOAD");
    const info = pm.threeDSecureInfo;
    const response = Object.assign({}, pm, {
      liabilityShiftPossible: info && info.liabilityShiftPossible,
      liabilityShifted: info && info.liabilityShifted,
      verificationDetails: info && info.verificationDetails,
    });
    if (this._verification) this._verification.reject(verifyCardError || error("THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT"));
    return response;
  }

  teardown(callback) {
    this._tornDown = true;
    convertMethodsToError(this, METHODS);
    clearTimeout(this._setupTimer);
    this._removeCardinalListeners();
    return wrap(Promise.resolve(), callback);
  }
}

/** The browser fields of collectDeviceData. */
function browserData() {
  return {
    browserColorDepth: window.screen.colorDepth,
    browserJavaEnabled: typeof navigator.javaEnabled === "function" ? navigator.javaEnabled() : false,
    browserJavascriptEnabled: true,
    browserLanguage: navigator.language,
    browserScreenHeight: window.screen.height,
    browserScreenWidth: window.screen.width,
    browserTimeZone: new Date().getTimezoneOffset(),
    deviceChannel: "Browser",
  };
}
