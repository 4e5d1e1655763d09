// threeDSecure (version 2 only): lookup through the provider, then either an
// immediate result or a challenge through the authentication script, in one
// of three presentations (the script's modal, a bootstrap3-style modal of
// width 440, or an inline iframe the merchant places).
import { load, rules } from './wasm.js';
import { error } from './errors.js';
import { VERSION, wrap, attempt, convertMethodsToError, Emitter, loadScript, checkClient } from './lib.js';
import { create as createClient } from './client.js';

export { VERSION };

const METHODS = ['verifyCard', 'cancelVerifyCard', 'teardown', 'on', 'off', 'initializeChallengeWithLookupResponse', 'prepareLookup'];
const EVENTS = {
  LOOKUP_COMPLETE: 'lookup-complete',
  CUSTOMER_CANCELED: 'customer-canceled',
  AUTHENTICATION_IFRAME_AVAILABLE: 'authentication-iframe-available',
  AUTHENTICATION_MODAL_RENDER: 'authentication-modal-render',
  AUTHENTICATION_MODAL_CLOSE: 'authentication-modal-close'
};

export function create(options, callback) {
  return wrap(attempt(() => build(options)), callback);
}

async function build(options) {
  const missing = checkClient(options, '3D Secure');
  if (missing) throw missing;
  await load();
  const framework = rules.threeDSVersion(options.version == null ? '' : String(options.version));
  if (framework[0] === '!') throw error(framework.slice(1), undefined, options.version);
  const client = options.client || await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
  if (!rules.versionsMatch(client.getVersion())) throw error('INCOMPATIBLE_VERSIONS', undefined, client.getVersion());
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  const tds = gw.threeDSecure || {};
  const code = rules.threeDSCreationError(
    Boolean(gw.threeDSecureEnabled),
    config.authorizationType === 'TOKENIZATION_KEY',
    gw.environment === 'production',
    typeof location === 'object' && location.protocol === 'https:',
    Boolean(tds.cardinalAuthenticationJWT)
  );
  if (code) throw error(code);
  const instance = new ThreeDSecure(client, framework, options);
  await instance._setup();
  return instance;
}

class ThreeDSecure extends Emitter {
  constructor(client, framework, options) {
    super();
    this._client = client;
    this._framework = framework;
    this._options = options;
    this._config = client.getConfiguration();
    this._active = null;
    this._lookupPaymentMethod = null;
  }

  /** Loads and sets up the authentication script (timeout: options.timeout or 60 s). */
  async _setup() {
    const gw = this._config.gatewayConfiguration;
    const url = gw.threeDSecure.cardinalSongbirdUrl;
    if (!url || !rules.isAllowedUrl(url, this._config.sandboxUrl || '')) throw error('THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED');
    try {
      await loadScript(url);
    } catch (_) {
      throw error('THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED');
    }
    const Cardinal = window.Cardinal;
    if (!Cardinal) throw error('THREEDS_CARDINAL_SDK_SETUP_FAILED');
    this._cardinal = Cardinal;
    const inline = this._framework !== 'cardinal-modal';
    const payment = { displayLoading: false, displayExitButton: Boolean(this._options.cardinalSDKConfig && this._options.cardinalSDKConfig.payment && this._options.cardinalSDKConfig.payment.displayExitButton) };
    if (inline) payment.framework = 'inline';
    Cardinal.configure({ payment, logging: { level: 'off' } });
    Cardinal.on('payments.validated', (data, jwt) => this._onValidated(data, jwt));
    Cardinal.on('ui.inline.setup', (frame, details, resolve, reject) => this._presentInline(frame, resolve, reject));
    const timeout = this._options.timeout || 60000;
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(error('THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT')), timeout);
      this._setupFailed = (code) => { clearTimeout(timer); reject(error(code)); };
      Cardinal.on('payments.setupComplete', (data) => {
        clearTimeout(timer);
        this._dfReferenceId = data && data.sessionId;
        this._setupFailed = null;
        resolve();
      });
      Cardinal.setup('init', { jwt: gw.threeDSecure.cardinalAuthenticationJWT });
    });
  }

  verifyCard(options, callback) {
    return wrap(attempt(() => this._verify(options || {})), callback);
  }

  _checkOptions(options) {
    const amount = options.amount;
    const type = Array.isArray(amount) ? 'array' : typeof amount;
    const amountOk = rules.isValidAmount(type, amount == null ? '' : String(amount));
    const hasLookup = typeof options.onLookupComplete === 'function' || this.hasListener(EVENTS.LOOKUP_COMPLETE);
    const missing = rules.missingVerifyCardOption(Boolean(options.nonce), amountOk, Boolean(options.bin), hasLookup);
    if (missing) throw error('THREEDS_MISSING_VERIFY_CARD_OPTION', undefined, missing);
    if (options.requestedExemptionType && !rules.isValidExemption(String(options.requestedExemptionType))) {
      throw error('THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID', { requestedExemptionType: options.requestedExemptionType });
    }
  }

  async _verify(options) {
    if (this._active) throw error('THREEDS_AUTHENTICATION_IN_PROGRESS');
    this._checkOptions(options);
    const active = {};
    this._active = active;
    const done = new Promise((resolve, reject) => { active.resolve = resolve; active.reject = reject; });
    this._run(options, active).catch((e) => this._finish(active, e));
    return done;
  }

  async _run(options, active) {
    await this._cardinal.trigger('bin.process', options.bin);
    const data = {
      amount: options.amount,
      dfReferenceId: this._dfReferenceId,
      additionalInfo: Object.assign({}, options.additionalInformation, options.billingAddress ? { billingAddress: options.billingAddress } : {}),
      challengeRequested: options.challengeRequested,
      dataOnlyRequested: options.dataOnlyRequested,
      exemptionRequested: options.exemptionRequested,
      requestedExemptionType: options.requestedExemptionType,
      bin: options.bin,
      email: options.email,
      mobilePhoneNumber: options.mobilePhoneNumber,
      accountType: options.accountType,
      cardAdd: options.cardAdd,
      merchantName: options.merchantName,
      requestVisaDAF: options.requestVisaDAF,
      customFields: options.customFields,
      clientMetadata: { sdkVersion: 'web/' + VERSION, requestedThreeDSecureVersion: '2' }
    };
    let lookup;
    try {
      lookup = await this._client.request({ method: 'post', endpoint: 'payment_methods/' + encodeURIComponent(options.nonce) + '/three_d_secure/lookup', data });
    } catch (e) {
      const status = (e.details && e.details.httpStatus) || 0;
      throw error(rules.lookupErrorCode(status), { originalError: e });
    }
    if (active !== this._active) return;
    this._lookupPaymentMethod = lookup.paymentMethod;
    active.nonce = lookup.paymentMethod.nonce;
    active.lookup = lookup;
    const next = () => this._afterLookup(lookup, active);
    this._emit(EVENTS.LOOKUP_COMPLETE, lookup, next);
    if (typeof options.onLookupComplete === 'function') options.onLookupComplete(lookup, next);
  }

  _afterLookup(lookup, active) {
    if (active !== this._active) return;
    const l = lookup.lookup || {};
    if (!l.acsUrl) {
      return this._finish(active, null, formatResult(lookup.paymentMethod, lookup.threeDSecureInfo));
    }
    this._cardinal.continue('cca', { AcsUrl: l.acsUrl, Payload: l.pareq }, { OrderDetails: { TransactionId: l.transactionId } });
  }

  /** The script calls back here with the challenge frame for inline presentations. */
  _presentInline(frame, resolve, reject) {
    const active = this._active;
    if (!active) return;
    if (!frame || frame.nodeType !== 1) {
      reject();
      return this._finish(active, error('THREEDS_INLINE_IFRAME_DETAILS_INCORRECT'));
    }
    if (this._framework === 'inline-iframe') {
      if (!this.hasListener(EVENTS.AUTHENTICATION_IFRAME_AVAILABLE)) {
        reject();
        return this._finish(active, error('THREEDS_INLINE_IFRAME_DETAILS_INCORRECT'));
      }
      const container = document.createElement('div');
      container.setAttribute('data-braintree-3ds-inline', '');
      container.appendChild(frame);
      active.cleanup = () => container.remove();
      this._emit(EVENTS.AUTHENTICATION_IFRAME_AVAILABLE, { element: container }, () => resolve());
      return;
    }
    active.cleanup = this._bootstrapModal(frame, active);
    resolve();
  }

  /** A bootstrap3-style modal: backdrop, 440-wide dialog, close button; Escape cancels. */
  _bootstrapModal(frame, active) {
    const backdrop = document.createElement('div');
    backdrop.className = 'braintree-three-d-secure-backdrop';
    Object.assign(backdrop.style, { position: 'fixed', inset: '0', background: 'rgba(0,0,0,0.5)', zIndex: '2147483000' });
    const modal = document.createElement('div');
    modal.className = 'braintree-three-d-secure-modal';
    modal.setAttribute('role', 'dialog');
    modal.setAttribute('aria-modal', 'true');
    modal.setAttribute('aria-label', '3-D Secure authentication');
    Object.assign(modal.style, { position: 'fixed', top: '50%', left: '50%', transform: 'translate(-50%,-50%)', width: '440px', maxWidth: '100%', background: '#fff', zIndex: '2147483001', borderRadius: '6px', padding: '8px', boxSizing: 'border-box' });
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'braintree-three-d-secure-close';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '\u00d7';
    Object.assign(close.style, { float: 'right', border: '0', background: 'none', fontSize: '22px', cursor: 'pointer' });
    frame.width = '400';
    frame.height = '400';
    Object.assign(frame.style, { display: 'block', margin: '0 auto', border: 'none' });
    modal.append(close, frame);
    const cancel = () => this._customerCancel(active);
    const onKey = (e) => { if (e.key === 'Escape') cancel(); };
    close.addEventListener('click', cancel);
    backdrop.addEventListener('click', cancel);
    document.addEventListener('keydown', onKey);
    document.body.append(backdrop, modal);
    this._emit(EVENTS.AUTHENTICATION_MODAL_RENDER);
    close.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      backdrop.remove();
      modal.remove();
      this._emit(EVENTS.AUTHENTICATION_MODAL_CLOSE);
    };
  }

  _customerCancel(active) {
    this._emit(EVENTS.CUSTOMER_CANCELED);
    this._finish(active, error('THREEDS_CARDINAL_SDK_CANCELED'));
  }

  async _onValidated(data, jwt) {
    if (!this._active) {
      if (data && data.ActionCode === 'ERROR' && this._setupFailed) this._setupFailed(rules.cardinalErrorCode(Number(data.ErrorNumber) || 0));
      return;
    }
    const active = this._active;
    const ext = data && data.Payment && data.Payment.ExtendedData;
    if (ext && rules.isCustomerCancel(String(ext.ChallengeCancel || ''))) this._emit(EVENTS.CUSTOMER_CANCELED);
    if (!data || !rules.actionAuthenticates(String(data.ActionCode))) {
      const code = rules.cardinalErrorCode(Number(data && data.ErrorNumber) || 0);
      if (code === 'THREEDS_CARDINAL_SDK_CANCELED') this._emit(EVENTS.CUSTOMER_CANCELED);
      return this._finish(active, error(code, { originalError: { code: data && data.ErrorNumber, description: data && data.ErrorDescription } }));
    }
    try {
      const res = await this._client.request({
        method: 'post',
        endpoint: 'payment_methods/' + encodeURIComponent(active.nonce) + '/three_d_secure/authenticate_from_jwt',
        data: { jwt, paymentMethodNonce: active.nonce }
      });
      this._finish(active, null, formatResult(res.paymentMethod, res.threeDSecureInfo));
    } catch (e) {
      this._finish(active, error('THREEDS_JWT_AUTHENTICATION_FAILED', { originalError: e }));
    }
  }

  _finish(active, err, result) {
    if (active !== this._active) return;
    this._active = null;
    if (active.cleanup) active.cleanup();
    if (err) active.reject(err);
    else active.resolve(result);
  }

  cancelVerifyCard(callback) {
    return wrap(attempt(() => {
      const active = this._active;
      const pm = this._lookupPaymentMethod;
      if (active) this._finish(active, error('THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT'));
      if (!pm) throw error('THREEDS_NO_VERIFICATION_PAYLOAD');
      const info = pm.threeDSecureInfo || {};
      return Object.assign({}, pm, { liabilityShifted: info.liabilityShifted, liabilityShiftPossible: info.liabilityShiftPossible, verificationDetails: info });
    }), callback);
  }

  teardown(callback) {
    if (this._active) this._finish(this._active, error('THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT'));
    if (this._cardinal) {
      for (const e of ['payments.validated', 'ui.inline.setup', 'payments.setupComplete']) this._cardinal.off(e);
    }
    convertMethodsToError(this, METHODS);
    return wrap(Promise.resolve(), callback);
  }
}

function formatResult(pm, info) {
  const i = Object.assign({}, pm.threeDSecureInfo, info);
  return {
    nonce: pm.nonce,
    type: pm.type,
    details: pm.details,
    description: pm.description,
    binData: pm.binData,
    liabilityShifted: i.liabilityShifted,
    liabilityShiftPossible: i.liabilityShiftPossible,
    threeDSecureInfo: pm.threeDSecureInfo,
    verificationDetails: pm.threeDSecureInfo
  };
}
