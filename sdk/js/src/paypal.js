// paypal: checkout and vault flows in a 450x535 popup (a full-screen frame
// where popups are blocked), one authorization at a time.
import { load, rules } from './wasm.js';
import { error } from './errors.js';
import { VERSION, wrap, attempt, convertMethodsToError, checkClient } from './lib.js';
import { create as createClient } from './client.js';
import { openWindow, runFlow } from './paypal-flow.js';

export { VERSION };

export function create(options, callback) {
  return wrap(attempt(() => build(options)), callback);
}

async function build(options) {
  const missing = checkClient(options, 'PayPal');
  if (missing) throw missing;
  await load();
  const client = options.client || await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
  if (!rules.versionsMatch(client.getVersion())) throw error('INCOMPATIBLE_VERSIONS', undefined, client.getVersion());
  if (!client.getConfiguration().gatewayConfiguration.paypalEnabled) throw error('PAYPAL_NOT_ENABLED');
  return new PayPal(client);
}

class PayPal {
  constructor(client) {
    this._client = client;
    this._win = null;
  }

  tokenize(options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    return wrap(attempt(() => this._tokenize(options || {})), callback);
  }

  _tokenize(options) {
    if (this._win) throw error('PAYPAL_TOKENIZATION_REQUEST_ACTIVE');
    if (!rules.isValidFlow(String(options.flow || ''))) throw error('PAYPAL_FLOW_OPTION_REQUIRED');
    const gw = this._client.getConfiguration().gatewayConfiguration;
    const win = openWindow(gw.assetsUrl, () => win.onFrameClose && win.onFrameClose());
    this._win = win;
    this._client._sendEvent('paypal.tokenization.started', { context_type: rules.contextType(options.flow) });
    return runFlow(this._client, win, options, { closed: 'PAYPAL_POPUP_CLOSED', fail: (s) => rules.flowErrorCode(s) })
      .finally(() => { this._win = null; });
  }

  /** Closes the window of the authorization in progress. */
  closeWindow() {
    if (this._win) this._win.close();
  }

  focusWindow() {
    if (this._win) this._win.focus();
  }

  teardown(callback) {
    this.closeWindow();
    convertMethodsToError(this, ['tokenize', 'closeWindow', 'focusWindow', 'teardown']);
    return wrap(Promise.resolve(), callback);
  }
}
