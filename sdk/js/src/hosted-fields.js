// hostedFields: one frame per field on the assets host; the merchant page only
// ever sees field state, never card data. Every message is checked for the
// frame's origin, its window and this instance's channel.
import { load, rules } from './wasm.js';
import { error } from './errors.js';
import { VERSION, wrap, attempt, convertMethodsToError, uuid, assetUrl, Emitter, checkClient } from './lib.js';
import { create as createClient } from './client.js';

const CLASSES = { FOCUSED: 'braintree-hosted-fields-focused', INVALID: 'braintree-hosted-fields-invalid', VALID: 'braintree-hosted-fields-valid' };
const METHODS = ['on', 'off', 'tokenize', 'teardown', 'getState', 'focus', 'clear', 'setAttribute', 'removeAttribute',
  'setPlaceholder', 'addClass', 'removeClass', 'setMessage', 'setMonthOptions', 'getChallenges', 'getSupportedCardTypes'];

export { VERSION };

export function create(options, callback) {
  return wrap(attempt(() => build(options)), callback);
}

/** Whether the browser can run Hosted Fields. */
export function supportsInputFormatting() {
  return true;
}

async function build(options) {
  const missing = checkClient(options, 'Hosted Fields');
  if (missing) throw missing;
  await load();
  const client = options.client || await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
  if (!rules.versionsMatch(client.getVersion())) throw error('INCOMPATIBLE_VERSIONS', undefined, client.getVersion());
  if (!options.fields || typeof options.fields !== 'object' || !Object.keys(options.fields).length) {
    throw error('INSTANTIATION_OPTION_REQUIRED', undefined, undefined, 'options.fields is required when instantiating Hosted Fields.');
  }
  const instance = new HostedFields(client, options);
  await instance._ready;
  return instance;
}

function resolveContainer(field) {
  const target = field.container || field.selector;
  let el = null;
  if (typeof target === 'string') {
    try { el = document.querySelector(target); } catch (_) { el = null; }
  } else if (target && target.nodeType === 1) {
    el = target;
  }
  return el;
}

function checkFields(fields) {
  const containers = {};
  for (const key of Object.keys(fields)) {
    if (!rules.isField(key)) throw error('HOSTED_FIELDS_INVALID_FIELD_KEY', undefined, key);
    const field = fields[key];
    const el = resolveContainer(field || {});
    if (!el) throw error('HOSTED_FIELDS_INVALID_FIELD_SELECTOR', { fieldSelector: field && (field.selector || field.container), fieldKey: key });
    if (el.querySelector('iframe[name^="braintree-"]')) {
      throw error('HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME', { fieldSelector: field.selector || field.container, fieldKey: key });
    }
    for (const prop of ['maxlength', 'minlength']) {
      if (field[prop] != null && typeof field[prop] !== 'number') {
        throw error('HOSTED_FIELDS_FIELD_PROPERTY_INVALID', undefined, 'The value for ' + prop + ' must be a number.');
      }
    }
    containers[key] = el;
  }
  return containers;
}

class HostedFields extends Emitter {
  constructor(client, options) {
    super();
    this._client = client;
    this._channel = uuid();
    const config = client.getConfiguration();
    this._clientConfig = config;
    this._assetsOrigin = rules.originOf(config.gatewayConfiguration.assetsUrl);
    this._containers = checkFields(options.fields);
    this._fieldOptions = options.fields;
    this._styles = options.styles || {};
    this._frames = {};
    this._pending = {};
    this._keys = Object.keys(options.fields);
    this._tokenizer = this._keys.indexOf('number') >= 0 ? 'number' : this._keys[0];
    this._state = { cards: JSON.parse(rules.cardsJson('')), fields: {} };
    this._onMessage = (e) => this._receive(e);
    this._labelHandlers = [];
    window.addEventListener('message', this._onMessage);
    let readyCount = 0;
    this._ready = new Promise((resolve, reject) => {
      this._frameReady = () => {
        readyCount++;
        if (readyCount === this._keys.length) {
          clearTimeout(this._timeout);
          client._sendEvent('custom.hosted-fields.succeeded');
          resolve();
        }
      };
      this._timeout = setTimeout(() => {
        client._sendEvent('custom.hosted-fields.load.timed-out');
        this._destroy();
        reject(error('HOSTED_FIELDS_TIMEOUT'));
      }, 60000);
    });
    for (const key of this._keys) this._inject(key);
  }

  _inject(key) {
    const container = this._containers[key];
    const frame = document.createElement('iframe');
    const name = rules.fieldInfo(key).split('\n')[0];
    frame.src = assetUrl(this._clientConfig.gatewayConfiguration.assetsUrl, 'hosted-fields-frame') + '#' + this._channel;
    frame.name = 'braintree-hosted-field-' + name;
    frame.title = rules.frameTitle(key);
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('type', 'text/html');
    frame.id = 'braintree-hosted-field-' + name;
    const s = frame.style;
    s.border = 'none'; s.width = '100%'; s.height = '100%'; s.float = 'left';
    container.appendChild(frame);
    this._frames[key] = frame;
    this._state.fields[key] = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false, container };
    if (container.id) {
      const label = document.querySelector('label[for="' + CSS.escape(container.id) + '"]');
      if (label) {
        const h = (ev) => { ev.preventDefault(); this._post(key, { type: 'focus' }); };
        label.addEventListener('click', h);
        this._labelHandlers.push([label, h]);
      }
    }
  }

  _post(key, message) {
    const frame = this._frames[key];
    if (frame && frame.contentWindow) {
      frame.contentWindow.postMessage(Object.assign({ channel: this._channel }, message), this._assetsOrigin);
    }
  }

  _keyOf(source) {
    for (const key of this._keys) if (this._frames[key] && this._frames[key].contentWindow === source) return key;
    return null;
  }

  _receive(event) {
    if (event.origin !== this._assetsOrigin) return;
    const d = event.data;
    if (!d || typeof d !== 'object' || d.channel !== this._channel) return;
    const key = this._keyOf(event.source);
    if (!key) return;
    if (d.type === 'ready') {
      this._post(key, {
        type: 'config',
        key,
        field: sanitizeField(this._fieldOptions[key]),
        styles: this._styles,
        keys: this._keys,
        tokenizer: key === this._tokenizer,
        configuration: this._clientConfig
      });
    } else if (d.type === 'configured') {
      this._frameReady();
    } else if (d.type === 'state') {
      this._updateState(key, d);
    } else if (d.type === 'tokenized') {
      const pending = this._pending[d.id];
      if (!pending) return;
      delete this._pending[d.id];
      if (d.error) pending.reject(error(d.error.code, d.error.details));
      else pending.resolve(d.payload);
    }
  }

  _updateState(key, d) {
    const field = this._state.fields[key];
    Object.assign(field, d.state);
    if (d.cards) this._state.cards = d.cards;
    const c = field.container.classList;
    c.toggle(CLASSES.FOCUSED, field.isFocused);
    c.toggle(CLASSES.VALID, field.isValid);
    c.toggle(CLASSES.INVALID, !field.isPotentiallyValid);
    const payload = this.getState();
    payload.emittedBy = key;
    if (d.event === 'binAvailable') {
      this._emit('binAvailable', { bin: d.bin });
    } else if (d.event) {
      this._emit(d.event, payload);
    }
  }

  getState() {
    const fields = {};
    for (const key of this._keys) fields[key] = Object.assign({}, this._state.fields[key]);
    return { cards: this._state.cards.slice(), fields };
  }

  tokenize(options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    const id = uuid();
    const promise = new Promise((resolve, reject) => {
      this._pending[id] = { resolve, reject };
      this._post(this._tokenizer, { type: 'tokenize', id, options: JSON.parse(JSON.stringify(options || {})) });
    });
    return wrap(promise, callback);
  }

  _checkField(field) {
    if (this._keys.indexOf(field) < 0) throw error('HOSTED_FIELDS_FIELD_NOT_PRESENT', undefined, field);
  }

  _command(field, message, callback) {
    return wrap(attempt(() => {
      if (!rules.isField(field)) throw error('HOSTED_FIELDS_FIELD_INVALID', undefined, '"' + field + '" is not a valid field. You must use a valid field option when calling this method.');
      this._checkField(field);
      this._post(field, message);
    }), callback);
  }

  focus(field, callback) {
    return this._command(field, { type: 'focus' }, callback);
  }

  clear(field, callback) {
    return this._command(field, { type: 'clear' }, callback);
  }

  setAttribute(options, callback) {
    return wrap(attempt(() => {
      const code = rules.checkAttribute(String(options.attribute), typeof options.value, String(options.value));
      if (code) throw error(code, undefined, options.attribute);
    }).then(() => this._command(options.field, { type: 'setAttribute', attribute: options.attribute, value: options.value })), callback);
  }

  removeAttribute(options, callback) {
    return wrap(attempt(() => {
      const code = rules.checkAttribute(String(options.attribute), 'string', '');
      if (code === 'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED') throw error(code, undefined, options.attribute);
    }).then(() => this._command(options.field, { type: 'removeAttribute', attribute: options.attribute })), callback);
  }

  setPlaceholder(field, placeholder, callback) {
    return this.setAttribute({ field, attribute: 'placeholder', value: placeholder }, callback);
  }

  setMessage(options) {
    this._command(options.field, { type: 'setMessage', message: options.message });
  }

  addClass(field, classname, callback) {
    return this._command(field, { type: 'addClass', classname }, callback);
  }

  removeClass(field, classname, callback) {
    return this._command(field, { type: 'removeClass', classname }, callback);
  }

  setMonthOptions(options, callback) {
    return wrap(attempt(() => {
      const f = this._fieldOptions.expirationMonth;
      if (!f) throw error('HOSTED_FIELDS_FIELD_NOT_PRESENT', undefined, undefined, 'Expiration month field must exist to use setMonthOptions.');
      if (!f.select) throw error('HOSTED_FIELDS_FIELD_INVALID', undefined, 'Expiration month field must be a select element.');
      this._post('expirationMonth', { type: 'setMonthOptions', options: (options || []).map(String) });
    }), callback);
  }

  getChallenges(callback) {
    return wrap(Promise.resolve((this._clientConfig.gatewayConfiguration.challenges || []).slice()), callback);
  }

  getSupportedCardTypes(callback) {
    const types = (this._clientConfig.gatewayConfiguration.creditCards || {}).supportedCardTypes || [];
    return wrap(Promise.resolve(types.map((t) => (t === 'MasterCard' ? 'Mastercard' : t))), callback);
  }

  _destroy() {
    clearTimeout(this._timeout);
    window.removeEventListener('message', this._onMessage);
    for (const [label, h] of this._labelHandlers) label.removeEventListener('click', h);
    for (const key of this._keys) {
      const frame = this._frames[key];
      if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
      const c = this._containers[key].classList;
      c.remove(CLASSES.FOCUSED, CLASSES.VALID, CLASSES.INVALID);
    }
    for (const id in this._pending) this._pending[id].reject(error('FRAME_SERVICE_FRAME_CLOSED'));
    this._pending = {};
  }

  teardown(callback) {
    this._destroy();
    convertMethodsToError(this, METHODS);
    return wrap(Promise.resolve(), callback);
  }
}

function sanitizeField(field) {
  const out = {};
  for (const k of ['placeholder', 'type', 'maxlength', 'minlength', 'formatInput', 'rejectUnsupportedCards', 'internalLabel', 'prefill']) {
    if (field[k] != null) out[k] = field[k];
  }
  if (field.select) out.select = typeof field.select === 'object' ? { options: (field.select.options || []).map(String) } : true;
  return out;
}
