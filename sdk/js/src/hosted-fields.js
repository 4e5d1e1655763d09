// hostedFields: one frame per field on the assets host; the merchant page only
// ever sees field state, never card data. Every message is checked for the
// frame's origin, its window and this instance's channel.
import { load, rules } from "./wasm.js";
import { error, register } from "./errors.js";
import hostedFieldsErrors from "../../src/errors/hosted-fields.txt";
import { VERSION, creator, wrap, attempt, convertMethodsToError, uuid, assetUrl, Emitter, checkClient } from "./lib.js";
import { isIos, supportsInputFormatting } from "./browser.js";
import { INTEGRATION_TIMEOUT, IOS_SCROLL_INTO_VIEW_DELAY } from "./constants.json";
import { create as createClient } from "./client.js";

register(hostedFieldsErrors);

const CLASSES = { FOCUSED: "braintree-hosted-fields-focused", INVALID: "braintree-hosted-fields-invalid", VALID: "braintree-hosted-fields-valid" };
const METHODS = [
  "on",
  "off",
  "tokenize",
  "teardown",
  "getState",
  "focus",
  "clear",
  "setAttribute",
  "removeAttribute",
  "setPlaceholder",
  "addClass",
  "removeClass",
  "setMessage",
  "setMonthOptions",
  "getChallenges",
  "getSupportedCardTypes",
];

export { VERSION };

export const create = creator(build);

export { supportsInputFormatting };

/** In the reference's order: the client, the fields (all before any network). */
async function build(options) {
  const missing = checkClient(options, "Hosted Fields");
  if (missing) throw missing;
  if (!options.fields || typeof options.fields !== "object" || !Object.keys(options.fields).length) {
    throw error("INSTANTIATION_OPTION_REQUIRED", undefined, undefined, "options.fields is required when instantiating Hosted Fields.");
  }
  await load();
  const containers = checkFields(options.fields);
  const client = options.client || (await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl }));
  const instance = new HostedFields(client, options, containers);
  await instance._ready;
  return instance;
}

function resolveContainer(field) {
  const target = field.container || field.selector;
  let el = null;
  if (typeof target === "string") {
    try {
      el = document.querySelector(target);
    } catch (_) {
      el = null;
    }
  } else if (target && target.nodeType === 1) {
    el = target;
  }
  return el;
}

function checkFields(fields) {
  const containers = {};
  for (const key of Object.keys(fields)) {
    if (!rules.isField(key)) throw error("HOSTED_FIELDS_INVALID_FIELD_KEY", undefined, key);
    const field = fields[key] || {};
    const el = resolveContainer(field);
    const where = { fieldSelector: field.selector, fieldContainer: field.container, fieldKey: key };
    if (!el) throw error("HOSTED_FIELDS_INVALID_FIELD_SELECTOR", where);
    if (el.querySelector('iframe[name^="braintree-"]')) throw error("HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME", where);
    for (const prop of ["maxlength", "minlength"]) {
      if (field[prop] && typeof field[prop] !== "number") {
        throw error("HOSTED_FIELDS_FIELD_PROPERTY_INVALID", { fieldKey: key }, undefined, "The value for " + prop + " must be a number.");
      }
    }
    containers[key] = el;
  }
  return containers;
}

class HostedFields extends Emitter {
  constructor(client, options, containers) {
    super();
    this._client = client;
    this._channel = uuid();
    const config = client.getConfiguration();
    this._clientConfig = config;
    this._assetsOrigin = rules.originOf(config.gatewayConfiguration.assetsUrl);
    this._containers = containers;
    this._fieldOptions = options.fields;
    this._styles = options.styles || {};
    this._frames = {};
    this._pending = {};
    this._keys = Object.keys(options.fields);
    this._tokenizer = this._keys.indexOf("number") >= 0 ? "number" : this._keys[0];
    this._state = { cards: [], fields: {} };
    this._onMessage = (e) => this._receive(e);
    this._labelHandlers = [];
    window.addEventListener("message", this._onMessage);
    let readyCount = 0;
    this._ready = new Promise((resolve, reject) => {
      this._frameReady = () => {
        readyCount++;
        if (readyCount === this._keys.length) {
          clearTimeout(this._timeout);
          client._sendEvent("custom.hosted-fields.succeeded");
          resolve(undefined);
        }
      };
      this._timeout = setTimeout(() => {
        client._sendEvent("custom.hosted-fields.load.timed-out");
        this._destroy();
        reject(error("HOSTED_FIELDS_TIMEOUT"));
      }, INTEGRATION_TIMEOUT);
    });
    for (const key of this._keys) this._inject(key);
  }

  _inject(key) {
    const container = this._containers[key];
    const frame = document.createElement("iframe");
    frame.src = assetUrl(this._clientConfig.gatewayConfiguration.assetsUrl, "hosted-fields-frame") + "#" + this._channel;
    frame.name = "braintree-hosted-field-" + key;
    frame.title = this._fieldOptions[key].iframeTitle || rules.frameTitle(key);
    frame.setAttribute("frameborder", "0");
    frame.setAttribute("allowtransparency", "true");
    frame.setAttribute("scrolling", "no");
    frame.setAttribute("type", "text/html");
    frame.id = "braintree-hosted-field-" + key;
    const s = frame.style;
    s.border = "none";
    s.width = "100%";
    s.height = "100%";
    s.float = "left";
    container.appendChild(frame);
    this._frames[key] = frame;
    this._state.fields[key] = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false, container };
    if (container.id) {
      const label = document.querySelector('label[for="' + CSS.escape(container.id) + '"]');
      if (label) {
        const h = (ev) => {
          ev.preventDefault();
          this._post(key, { type: "focus" });
        };
        label.addEventListener("click", h);
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
    if (!d || typeof d !== "object" || d.channel !== this._channel) return;
    const key = this._keyOf(event.source);
    if (!key) return;
    if (d.type === "ready") {
      this._post(key, {
        type: "config",
        key,
        field: sanitizeField(this._fieldOptions[key]),
        styles: this._styles,
        keys: this._keys,
        tokenizer: key === this._tokenizer,
        configuration: this._clientConfig,
      });
    } else if (d.type === "configured") {
      if (key === this._tokenizer || !this._state.cards.length) this._state.cards = d.cards || [];
      this._frameReady();
    } else if (d.type === "state") {
      this._updateState(key, d);
    } else if (d.type === "tokenized") {
      const pending = this._pending[d.id];
      if (!pending) return;
      delete this._pending[d.id];
      if (d.error) pending.reject(error(d.error.code, d.error.details, undefined, d.error.message));
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
    if (d.event === "binAvailable") {
      this._emit("binAvailable", { bin: d.bin });
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
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    const id = uuid();
    const promise = new Promise((resolve, reject) => {
      this._pending[id] = { resolve, reject };
      this._post(this._tokenizer, { type: "tokenize", id, options: JSON.parse(JSON.stringify(options || {})) });
    });
    return wrap(promise, callback);
  }

  /**
   * The reference's check of a command's field, then the command: `action`
   * names it in the errors (ACTIONS).
   */
  _command(field, action, message, check, callback) {
    return wrap(
      attempt(() => {
        const [when, cannot] = ACTIONS[action];
        if (!rules.isField(field)) {
          throw error(
            "HOSTED_FIELDS_FIELD_INVALID",
            undefined,
            undefined,
            '"' + field + '" is not a valid field. You must use a valid field option when ' + when + ".",
          );
        }
        if (this._keys.indexOf(field) < 0) {
          throw error(
            "HOSTED_FIELDS_FIELD_NOT_PRESENT",
            undefined,
            undefined,
            cannot + ' "' + field + '" field because it is not part of the current Hosted Fields options.',
          );
        }
        const invalid = check && check();
        if (invalid) throw invalid;
        this._post(field, message);
        if (action === "focus" && isIos()) this._scrollIntoViewSoon(field);
      }),
      callback,
    );
  }

  /**
   * iOS Safari does not always scroll a focused frame's container into view;
   * a moment later, if it is still mostly hidden, the page scrolls to it.
   */
  _scrollIntoViewSoon(field) {
    const container = this._containers[field];
    setTimeout(() => {
      if (!isVisibleEnough(container)) container.scrollIntoView();
    }, IOS_SCROLL_INTO_VIEW_DELAY);
  }

  focus(field, callback) {
    return this._command(field, "focus", { type: "focus" }, null, callback);
  }

  clear(field, callback) {
    return this._command(field, "clear", { type: "clear" }, null, callback);
  }

  setAttribute(options, callback) {
    const o = options || {};
    return this._command(
      o.field,
      "setAttribute",
      { type: "setAttribute", attribute: o.attribute, value: o.value },
      () => attributeError(o.attribute, o.value),
      callback,
    );
  }

  removeAttribute(options, callback) {
    const o = options || {};
    return this._command(o.field, "removeAttribute", { type: "removeAttribute", attribute: o.attribute }, () => attributeError(o.attribute, null), callback);
  }

  setPlaceholder(field, placeholder, callback) {
    return this.setAttribute({ field, attribute: "placeholder", value: placeholder }, callback);
  }

  /** As the reference: no checks, no result; a field not present is ignored. */
  setMessage(options) {
    if (options && this._keys.indexOf(options.field) >= 0) this._post(options.field, { type: "setMessage", message: options.message });
  }

  addClass(field, classname, callback) {
    return this._command(field, "addClass", { type: "addClass", classname }, null, callback);
  }

  removeClass(field, classname, callback) {
    return this._command(field, "removeClass", { type: "removeClass", classname }, null, callback);
  }

  setMonthOptions(options, callback) {
    return wrap(
      attempt(() => {
        const f = this._fieldOptions.expirationMonth;
        const problem = !f ? "Expiration month field must exist to use setMonthOptions." : !f.select ? "Expiration month field must be a select element." : "";
        if (problem) throw error("HOSTED_FIELDS_FIELD_PROPERTY_INVALID", undefined, undefined, problem);
        this._post("expirationMonth", { type: "setMonthOptions", options: (options || []).map(String) });
      }),
      callback,
    );
  }

  getChallenges(callback) {
    return wrap(Promise.resolve((this._clientConfig.gatewayConfiguration.challenges || []).slice()), callback);
  }

  getSupportedCardTypes(callback) {
    const types = (this._clientConfig.gatewayConfiguration.creditCards || {}).supportedCardTypes || [];
    return wrap(Promise.resolve(types.map((t) => (t === "MasterCard" ? "Mastercard" : t))), callback);
  }

  _destroy() {
    clearTimeout(this._timeout);
    window.removeEventListener("message", this._onMessage);
    for (const [label, h] of this._labelHandlers) label.removeEventListener("click", h);
    for (const key of this._keys) {
      const frame = this._frames[key];
      if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
      const c = this._containers[key].classList;
      c.remove(CLASSES.FOCUSED, CLASSES.VALID, CLASSES.INVALID);
    }
    for (const id in this._pending) this._pending[id].reject(error("FRAME_SERVICE_FRAME_CLOSED"));
    this._pending = {};
  }

  teardown(callback) {
    this._destroy();
    convertMethodsToError(this, METHODS);
    return wrap(Promise.resolve(), callback);
  }
}

/** What each command is called in its field errors: [when it is used, what cannot be done]. */
const ACTIONS = {
  focus: ["focusing a field", "Cannot focus"],
  clear: ["clearing a field", "Cannot clear"],
  setAttribute: ["setting an attribute", "Cannot set attribute for"],
  removeAttribute: ["removing an attribute", "Cannot remove attribute for"],
  addClass: ["adding a class", "Cannot add class to"],
  removeClass: ["removing a class", "Cannot remove class from"],
};

/** The reference's attribute check: a supported name, and (when given) a value of its kind. */
function attributeError(attribute, value) {
  const code = rules.checkAttribute(String(attribute), typeof value, String(value));
  if (code === "HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED") {
    return error(code, undefined, undefined, 'The "' + attribute + '" attribute is not supported in Hosted Fields.');
  }
  if (code && value != null) {
    return error(code, undefined, undefined, 'Value "' + value + '" is not allowed for "' + attribute + '" attribute.');
  }
  return null;
}

/** At least half of the element inside the viewport on both axes. */
function isVisibleEnough(el) {
  const box = el.getBoundingClientRect();
  const halfHeight = Math.floor(box.height / 2);
  const halfWidth = Math.floor(box.width / 2);
  const height = window.innerHeight || document.documentElement.clientHeight;
  const width = window.innerWidth || document.documentElement.clientWidth;
  return box.top < height - halfHeight && box.bottom > halfHeight && box.left < width - halfWidth && box.right > halfWidth;
}

function sanitizeField(field) {
  const out = {};
  for (const k of [
    "placeholder",
    "type",
    "maxlength",
    "minlength",
    "formatInput",
    "rejectUnsupportedCards",
    "supportedCardBrands",
    "internalLabel",
    "prefill",
  ]) {
    if (field[k] != null) out[k] = field[k];
  }
  if (field.select) out.select = typeof field.select === "object" ? { options: (field.select.options || []).map(String) } : true;
  return out;
}
