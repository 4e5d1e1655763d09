// Runs inside each hosted-field frame (assets host). Holds the card data of
// its field; the tokenizing frame reads its same-origin siblings of the same
// channel and sends the card straight to the provider. Only field state
// (validity, emptiness, card types) goes to the merchant page.
import { load, rules } from "./frame-wasm.js";
import { supportsInputFormatting } from "./browser.js";
import ATTRIBUTES from "./constants/HOSTED_ATTRIBUTES.json";

/** The address fields a tokenization passes on; anything else a merchant adds is dropped. */
const ADDRESS_FIELDS = [
  "company",
  "countryCodeNumeric",
  "countryCodeAlpha2",
  "countryCodeAlpha3",
  "countryName",
  "extendedAddress",
  "locality",
  "region",
  "firstName",
  "lastName",
  "postalCode",
  "streetAddress",
];

const channel = location.hash.slice(1);
let parentOrigin = null;
let key = null;
let field = {};
let input = null;
let cardType = "";
/** The CVV's length for the number typed so far: the longest code of its candidate networks. */
let cvvSize = 4;
let lastBin = "";
let state = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
let cardsJson = "";
/** The tokenizing frame's client (a promise): its request code loads after ready. */
let client = null;
let tokenizer = false;
/** Normalised networks the number field accepts; null: every network. */
let supportedTypes = null;

function today() {
  const d = new Date();
  return [d.getFullYear(), d.getMonth() + 1];
}

function toParent(message) {
  if (parentOrigin) window.parent.postMessage(Object.assign({ channel }, message), parentOrigin);
}

/** Sibling frames of this instance (same origin, same channel). */
function siblings() {
  const out = [];
  const frames = window.parent.frames;
  for (let i = 0; i < frames.length; i++) {
    try {
      const api = frames[i].__hostedField;
      if (api && api.channel === channel && api.key) out.push(api);
    } catch (_) {
      /* another origin's frame */
    }
  }
  return out;
}

function sibling(k) {
  return siblings().find((s) => s.key === k) || null;
}

function value() {
  if (!input) return "";
  return key === "number" ? rules.stripNumber(input.value) : input.value.trim();
}

/** `MasterCard`, `master-card` and `mastercard` are one network. */
function normalizeType(type) {
  return String(type || "")
    .replace(/[-\s]/g, "")
    .toLowerCase();
}

function isSupported(type) {
  return !supportedTypes || supportedTypes.indexOf(normalizeType(type)) >= 0;
}

/**
 * With `rejectUnsupportedCards` or `supportedCardBrands`, the number field
 * accepts the gateway's networks, as the merchant's brands change them.
 */
function acceptedTypes(configuration) {
  if (key !== "number" || !(field.rejectUnsupportedCards || field.supportedCardBrands)) return null;
  const cards = configuration.gatewayConfiguration.creditCards;
  const brands = {};
  for (const type of (cards && cards.supportedCardTypes) || []) brands[normalizeType(type)] = true;
  for (const brand in field.supportedCardBrands || {}) brands[normalizeType(brand)] = Boolean(field.supportedCardBrands[brand]);
  return Object.keys(brands).filter((b) => brands[b]);
}

function formatting() {
  return field.formatInput !== false && supportsInputFormatting();
}

function verdict() {
  const [y, m] = today();
  const v = value();
  if (key === "number") {
    const bits = rules.validateField(key, v, "", y, m);
    return cardType && !isSupported(cardType) ? 0 : bits;
  }
  if (key === "cvv") return rules.validateField("cvv", v, cardType, y, m);
  if (key === "expirationMonth" || key === "expirationYear") {
    const own = rules.validateField(key, v, "", y, m);
    const pair = key === "expirationMonth" ? "expirationYear" : "expirationMonth";
    const other = sibling(pair);
    // Both valid on their own: judged together, so a past month of this
    // year makes both invalid (as the reference's split-date check does).
    if (own & 1 && other && rules.validateField(pair, other.value(), "", y, m) & 1) {
      const month = key === "expirationMonth" ? v : other.value();
      const year = key === "expirationMonth" ? other.value() : v;
      return rules.validateMonthYear(month, year, y, m);
    }
    return own;
  }
  return rules.validateField(key, v, "", y, m);
}

/** Recomputes state; posts the events its change implies. */
function refresh(focusEvent) {
  const cards = key === "number" ? detectCards() : undefined;
  const bits = verdict();
  const next = {
    isEmpty: value() === "",
    isValid: (bits & 1) === 1,
    isPotentiallyValid: (bits & 2) === 2,
    isFocused: focusEvent === "focus" ? true : focusEvent === "blur" ? false : state.isFocused,
  };
  const events = [];
  if (focusEvent) events.push(focusEvent);
  if (next.isEmpty !== state.isEmpty) events.push(next.isEmpty ? "empty" : "notEmpty");
  if (next.isValid !== state.isValid || next.isPotentiallyValid !== state.isPotentiallyValid) events.push("validityChange");
  if (cards) events.push("cardTypeChange");
  state = next;
  input.classList.toggle("valid", state.isValid);
  input.classList.toggle("invalid", !state.isPotentiallyValid);
  input.classList.toggle("focused", state.isFocused);
  input.setAttribute("aria-invalid", String(!state.isPotentiallyValid));
  for (const event of events) toParent({ type: "state", event, state, cards });
  if (!events.length && cards) toParent({ type: "state", state, cards });
  if (key === "number") {
    const bin = value().slice(0, 6);
    if (bin.length === 6 && bin !== lastBin) toParent({ type: "state", event: "binAvailable", bin, state });
    lastBin = bin.length === 6 ? bin : "";
  }
}

/** Candidate networks (the rules' JSON), each marked whether the merchant takes it. */
function withSupport(json) {
  return JSON.parse(json).map((c) => Object.assign(c, { supported: isSupported(c.type) }));
}

/** The candidate networks when they changed since the last look (the CVV frame is told). */
function detectCards() {
  const json = rules.cardsJson(value());
  if (json === cardsJson) return undefined;
  cardsJson = json;
  const cards = withSupport(json);
  cardType = cards.length === 1 ? cards[0].type : "";
  const size = cards.reduce((max, c) => Math.max(max, c.code.size), 0) || 4;
  for (const s of siblings()) if (s.key === "cvv") s.setCardType(cardType, size);
  return cards;
}

/** The field's own maxlength, else the default of its kind. */
function maxLength() {
  return field.maxlength || rules.defaultMaxLength(key);
}

function maxDigits() {
  // As the reference: a merchant's CVV maxlength under 4 is fixed, else the
  // CVV follows the number (4 digits while it may be an Amex, 3 once not).
  if (key === "cvv") return field.maxlength && field.maxlength < 4 ? field.maxlength : cvvSize;
  if (field.maxlength) return field.maxlength;
  return rules.defaultMaxLength(key);
}

/** Keeps the typed value in the field's shape (gaps, MM / YY, length). */
function format(deleting) {
  if (input.tagName === "SELECT") return;
  const raw = input.value;
  let next = raw;
  if (key === "number") {
    const digits = rules.stripNumber(raw).replace(/\D/g, "").slice(0, maxDigits());
    next = formatting() ? rules.formatNumber(digits) : digits;
  } else if (key === "cvv" || key === "expirationMonth" || key === "expirationYear") {
    next = raw.replace(/\D/g, "").slice(0, maxDigits());
  } else if (key === "expirationDate") {
    // "MM / YY" or "MM / YYYY" (the rules' formatter); the merchant's
    // maxlength is not applied here, as the reference does not.
    next = rules.formatDate(raw, formatting() ? (deleting ? 1 : 0) : 2);
  } else if (maxLength()) {
    next = raw.slice(0, maxLength());
  }
  if (next !== raw) {
    const atEnd = input.selectionStart === raw.length;
    input.value = next;
    if (atEnd) input.setSelectionRange(next.length, next.length);
  }
}

/**
 * One merchant rule with its allowed declarations; a media query's value
 * holds rules in turn (as the reference's stylesheet injection nests them).
 */
function styleRule(selector, decl) {
  if (!rules.isAllowedSelector(selector) || !decl || typeof decl !== "object") return "";
  let body = "";
  const media = /^\s*@media\s/i.test(selector);
  for (const k of Object.keys(decl)) {
    if (media) {
      body += styleRule(k, decl[k]);
      continue;
    }
    const v = String(decl[k]);
    if (rules.isAllowedStyle(k, v)) body += k + ":" + v + ";";
  }
  return selectorsWithSelect(selector) + "{" + body + "}";
}

/**
 * The merchant's selector, each `input…` part also for the select a month or
 * year field may be (`input.cvv` → `input.cvv,select.cvv`), and a bare class
 * or pseudo-class for the field itself.
 */
function selectorsWithSelect(selector) {
  if (/^[.:]/.test(selector)) return "input" + selector + ",select" + selector;
  return selector
    .split(",")
    .map((part) => {
      const p = part.trim();
      return /^input\b/.test(p) ? p + ",select" + p.slice(5) : p;
    })
    .join(",");
}

function applyStyles(styles) {
  let css = "";
  for (const selector of Object.keys(styles || {})) css += styleRule(selector, styles[selector]);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch (_) {
    /* an unparsable merchant style is dropped */
  }
}

function build(config) {
  key = config.key;
  field = config.field || {};
  tokenizer = config.tokenizer;
  const [name, label, autocomplete] = rules.fieldInfo(key).split("\n");
  const form = /** @type {HTMLFormElement} */ (document.getElementById("form"));
  const labelEl = /** @type {HTMLLabelElement} */ (document.getElementById("label"));
  labelEl.textContent = label;
  if (field.internalLabel) labelEl.textContent = field.internalLabel;
  if (field.select && (key === "expirationMonth" || key === "expirationYear")) {
    input = document.createElement("select");
    fillSelect(field.select.options);
  } else {
    input = document.createElement("input");
    input.type = field.type === "password" ? "password" : key === "cardholderName" || key === "postalCode" ? "text" : "tel";
    if (key !== "cardholderName" && key !== "postalCode") input.inputMode = "numeric";
    if (field.placeholder) input.placeholder = String(field.placeholder);
    input.spellcheck = false;
    input.setAttribute("autocorrect", "off");
    input.setAttribute("autocapitalize", "off");
  }
  input.id = name;
  input.name = name;
  input.autocomplete = autocomplete;
  input.className = key;
  input.setAttribute("data-braintree-name", name);
  labelEl.htmlFor = name;
  if (field.minlength && input instanceof HTMLInputElement) input.minLength = field.minlength;
  if ((key === "postalCode" || key === "cardholderName") && input instanceof HTMLInputElement) input.maxLength = maxLength();
  form.appendChild(input);
  document.title = rules.frameTitle(key);
  applyStyles(config.styles);
  input.addEventListener("input", (e) => {
    format(e instanceof InputEvent && e.inputType.indexOf("delete") === 0);
    refresh();
    const pair = key === "expirationMonth" ? "expirationYear" : key === "expirationYear" ? "expirationMonth" : "";
    const other = pair && sibling(pair);
    if (other) other.revalidate();
  });
  input.addEventListener("change", () => {
    format();
    refresh();
  });
  input.addEventListener("focus", () => refresh("focus"));
  input.addEventListener("blur", () => refresh("blur"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    toParent({ type: "state", event: "inputSubmitRequest", state });
  });
  if (typeof field.prefill === "string") {
    input.value = field.prefill;
    format();
  }
  if (key === "number") addAutofillCatchers(form);
  // Only the tokenizing frame sends requests: it fetches the client's code
  // once the field is up, so no frame waits for it before ready.
  if (tokenizer) client = import("./client.js").then((m) => new m.Client(config.configuration));
  supportedTypes = acceptedTypes(config.configuration);
  refresh();
}

/**
 * Browser autofill fills a whole card form at once, but each field lives in
 * its own frame: the number frame carries hidden expiry, CVV and name inputs
 * and hands what the browser fills into them to the sibling frames.
 */
function addAutofillCatchers(form) {
  const targets = [
    ["cc-exp-month", "expirationMonth"],
    ["cc-exp-year", "expirationYear"],
    ["cc-csc", "cvv"],
    ["cc-name", "cardholderName"],
  ];
  const hidden = {};
  for (const [token, target] of targets) {
    const el = document.createElement("input");
    el.autocomplete = /** @type {AutoFill} */ (token);
    el.name = token;
    el.tabIndex = -1;
    el.className = "autofill";
    el.setAttribute("aria-hidden", "true");
    el.addEventListener("change", () => applyAutofill(hidden));
    el.addEventListener("input", () => applyAutofill(hidden));
    hidden[target] = el;
    form.appendChild(el);
  }
}

function applyAutofill(hidden) {
  const month = hidden.expirationMonth.value.replace(/\D/g, "");
  const year = hidden.expirationYear.value.replace(/\D/g, "");
  const fill = (k, v) => {
    const s = sibling(k);
    if (s && v) s.setValue(v);
  };
  fill("cvv", hidden.cvv.value);
  fill("cardholderName", hidden.cardholderName.value);
  fill("expirationMonth", month);
  fill("expirationYear", year);
  // As the reference fills it: "MM / YYYY" (a two-digit year in this century).
  const fullYear = year.length === 2 ? String(today()[0]).slice(0, 2) + year : year;
  if (month && year) fill("expirationDate", month.padStart(2, "0") + " / " + fullYear);
}

function fillSelect(options) {
  const year = today()[0];
  const values =
    key === "expirationMonth" ? Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")) : Array.from({ length: 20 }, (_, i) => String(year + i));
  input.replaceChildren();
  const blank = document.createElement("option");
  blank.value = "";
  blank.textContent = field.placeholder || "";
  input.appendChild(blank);
  values.forEach((v, i) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = options && options[i] != null ? options[i] : v;
    input.appendChild(o);
  });
}

async function tokenize(id, options) {
  try {
    const all = siblings();
    const wanted = options.fieldsToTokenize;
    const use = all.filter((s) => !wanted || wanted.indexOf(s.key) >= 0);
    const states = use.map((s) => (s.state().isEmpty ? "e" : "f") + (s.state().isValid ? "v" : "i")).join("");
    const code = rules.tokenizePrecheck(states);
    if (code) {
      const invalid = use.filter((s) => !s.state().isValid).map((s) => s.key);
      const details = code === "HOSTED_FIELDS_FIELDS_INVALID" ? { invalidFieldKeys: invalid } : undefined;
      return toParent({ type: "tokenized", id, error: { code, details } });
    }
    const v = (k) => {
      const s = use.find((x) => x.key === k);
      return s ? s.value() : undefined;
    };
    const [expirationMonth, expirationYear] = expiration(v);
    const creditCard = { number: v("number"), cvv: v("cvv"), expirationMonth, expirationYear, options: { validate: options.vault === true } };
    const name = options.cardholderName || v("cardholderName");
    if (name) creditCard.cardholderName = name;
    let billing = options.billingAddress ? allowedAddress(options.billingAddress) : null;
    if (use.some((s) => s.key === "postalCode")) billing = Object.assign(billing || {}, { postalCode: v("postalCode") });
    if (billing) creditCard.billingAddress = billing;
    if (options.shippingAddress) creditCard.shippingAddress = allowedAddress(options.shippingAddress);
    const res = await (await client).request({ api: "clientApi", method: "post", endpoint: "payment_methods/credit_cards", data: { creditCard } });
    const card = res.creditCards[0];
    toParent({
      type: "tokenized",
      id,
      payload: { nonce: card.nonce, details: card.details, description: card.description, type: card.type, binData: card.binData },
    });
  } catch (err) {
    const d = (err && err.details) || {};
    const body = d.originalError || {};
    const nested = body.fieldErrors && body.fieldErrors[0];
    const leaf = nested && (nested.fieldErrors ? nested.fieldErrors[0] : nested);
    const serverCode = leaf && leaf.code ? String(leaf.code) : "";
    const code = rules.tokenizeErrorCode(d.httpStatus || 0, serverCode);
    // No code of its own (a 403: the authorization may not tokenize): the
    // client's error goes to the page as it is.
    const out = code ? { code, details: { originalError: body, httpStatus: d.httpStatus } } : { code: err.code, message: err.message, details: err.details };
    toParent({ type: "tokenized", id, error: out });
  }
}

/**
 * The card's expiration month and year from whichever fields hold it; a
 * date field's split as the reference sends it (two-digit month, the year
 * as typed).
 */
function expiration(v) {
  const date = v("expirationDate");
  return date ? rules.splitDate(date).split("\n") : [v("expirationMonth"), v("expirationYear")];
}

/**
 * UnionPay's capabilities (0), enrollment (1) or tokenization (2) with this
 * instance's card, for the page's unionPay component; its status mapping
 * is the page's.
 */
async function unionPay(id, call, o) {
  const v = (k) => {
    const s = sibling(k);
    return s ? s.value() : undefined;
  };
  const number = v("number");
  const [expirationMonth, expirationYear] = expiration(v);
  const enrollment = { id: o.enrollmentId, smsCode: o.smsCode || undefined };
  const mobile = o.mobile || {};
  const request = [
    ["get", "payment_methods/credit_cards/capabilities", { "creditCard[number]": number }],
    [
      "post",
      "union_pay_enrollments",
      { unionPayEnrollment: { number, expirationMonth, expirationYear, mobileCountryCode: mobile.countryCode, mobileNumber: mobile.number } },
    ],
    [
      "post",
      "payment_methods/credit_cards",
      { creditCard: { number, expirationMonth, expirationYear, cvv: v("cvv"), options: { unionPayEnrollment: enrollment } } },
    ],
  ][call];
  try {
    const payload = await (await client).request({ method: request[0], endpoint: request[1], data: request[2] });
    toParent({ type: "unionPay", id, payload });
  } catch (e) {
    const d = e.details || {};
    toParent({
      type: "unionPay",
      id,
      error: { type: e.type, code: e.code, message: e.message, details: { httpStatus: d.httpStatus, originalError: d.originalError } },
    });
  }
}

function allowedAddress(address) {
  const out = {};
  for (const k of ADDRESS_FIELDS) if (address[k] != null) out[k] = address[k];
  return out;
}

/**
 * The attributes the frame lets the page set or remove, by the kind of value
 * each takes ("" for any other): the reference's allow-list, the crate's
 * table (hosted::ATTRIBUTES). Read here, not through the frame's wasm, where
 * the string checks cost several hundred bytes.
 */
const attributeKind = (name) => (Object.prototype.hasOwnProperty.call(ATTRIBUTES, name) ? ATTRIBUTES[name] : "");

/** A value of `kind` as the page-side check (hosted::check_attribute) takes it. */
const valueFits = (kind, value) =>
  kind === "boolean" ? typeof value === "boolean" || value === "true" || value === "false" : typeof value === "string" || typeof value === "number";

function onMessage(event) {
  if (event.source !== window.parent) return;
  const d = event.data;
  if (!d || typeof d !== "object" || d.channel !== channel) return;
  if (parentOrigin === null) {
    if (d.type !== "config") return;
    parentOrigin = event.origin;
    // The page's configuration may arrive while the rules still compile.
    load().then(() => {
      build(d);
      // The candidate networks so far (every network while the number is
      // empty): the page's state has them before create resolves.
      toParent({ type: "configured", cards: withSupport(rules.cardsJson(key === "number" ? value() : "")) });
    });
    return undefined;
  }
  if (!input) return;
  if (event.origin !== parentOrigin) return;
  switch (d.type) {
    case "tokenize":
      if (tokenizer) tokenize(d.id, d.options || {});
      break;
    case "unionPay":
      if (tokenizer) unionPay(d.id, d.call, d.options || {});
      break;
    case "focus":
      input.focus();
      break;
    case "clear":
      input.value = "";
      refresh();
      break;
    // The page's allow-list again (aria-invalid, aria-required, disabled,
    // placeholder, each with a value of its kind): any script on the shop's
    // page can post here, and must not turn the field into something else
    // (a CVV of type=text, an input that sends its value elsewhere).
    case "setAttribute":
      if (!attributeKind(d.attribute) || !valueFits(attributeKind(d.attribute), d.value)) break;
      if (d.attribute === "placeholder") input.placeholder = String(d.value);
      else if (d.attribute === "disabled") input.disabled = d.value === true || d.value === "true";
      else input.setAttribute(d.attribute, String(d.value));
      break;
    case "removeAttribute":
      if (attributeKind(d.attribute)) input.removeAttribute(d.attribute);
      break;
    case "addClass":
      input.classList.add(String(d.classname));
      break;
    case "removeClass":
      input.classList.remove(String(d.classname));
      break;
    case "setMessage":
      /** @type {HTMLElement} */ (document.getElementById("message")).textContent = String(d.message || "");
      break;
    case "setMonthOptions":
      if (input.tagName === "SELECT") {
        fillSelect(d.options);
        refresh();
      }
      break;
    default:
      break;
  }
}

window.__hostedField = {
  channel,
  get key() {
    return key;
  },
  value,
  state: () => state,
  valid: () => state.isValid,
  setCardType(type, size) {
    cardType = type;
    cvvSize = size || 4;
    // A CVV typed before the number is known is cut to the network's length
    // (the 4th digit of "1234" goes once the card is a Visa).
    if (input) {
      format();
      refresh();
    }
  },
  revalidate() {
    if (input) refresh();
  },
  setValue(v) {
    if (!input || input.value) return;
    input.value = String(v);
    format();
    refresh();
  },
};

window.addEventListener("message", onMessage);
// Ready for the configuration at once: the rules module compiles meanwhile
// (the page's head preloads it), saving a round trip after it.
window.parent.postMessage({ channel, type: "ready" }, "*");
load();
