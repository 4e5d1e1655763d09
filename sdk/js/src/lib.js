// Small helpers shared by the components.
import { error } from "./errors.js";
import { VERSION } from "./constants.json";

export { VERSION };

/** Resolves/rejects `promise` and also calls a Node-style callback when given. */
export function wrap(promise, callback) {
  if (typeof callback === "function") {
    promise.then(
      (v) => callback(null, v),
      (e) => callback(e),
    );
  }
  return promise;
}

/** Runs `fn` and turns a thrown error into a rejection. */
export function attempt(fn) {
  try {
    return Promise.resolve(fn());
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * A component's `create(options, callback)`: `build(options)` as a promise
 * (a throw becomes a rejection), and through a Node-style callback when given.
 */
export function creator(build) {
  return function create(options, callback) {
    return wrap(
      attempt(() => build(options)),
      callback,
    );
  };
}

/** After teardown every public method throws METHOD_CALLED_AFTER_TEARDOWN. */
export function convertMethodsToError(instance, names) {
  for (const name of names) {
    instance[name] = function () {
      throw error("METHOD_CALLED_AFTER_TEARDOWN", undefined, name);
    };
  }
}

export function uuid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === "x" ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** The URL of a frame or popup page on the assets host. */
export function assetUrl(assetsUrl, name) {
  return assetsUrl.replace(/\/$/, "") + "/web/" + VERSION + "/html/" + name + ".html";
}

/** A tiny event emitter with the library's on/off shape. */
export class Emitter {
  constructor() {
    this._events = {};
  }
  on(event, handler) {
    (this._events[event] = this._events[event] || []).push(handler);
  }
  off(event, handler) {
    const list = this._events[event];
    if (list) this._events[event] = list.filter((h) => h !== handler);
  }
  hasListener(event) {
    return Boolean(this._events[event] && this._events[event].length);
  }
  _emit(event, ...args) {
    for (const h of (this._events[event] || []).slice()) h(...args);
  }
}

/** Loads a script once; rejects on failure. */
export function loadScript(src, attrs) {
  return new Promise((resolve, reject) => {
    const existing = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[src="' + CSS.escape(src) + '"]'));
    if (existing && existing.dataset.loaded) return resolve(existing);
    const el = existing || document.createElement("script");
    el.addEventListener("load", () => {
      el.dataset.loaded = "1";
      resolve(el);
    });
    el.addEventListener("error", () => {
      el.remove();
      reject(new Error("load failed"));
    });
    if (!existing) {
      el.src = src;
      el.async = true;
      for (const k in attrs || {}) el.setAttribute(k, attrs[k]);
      document.head.appendChild(el);
    }
  });
}

/**
 * The check every component's create starts with, in the reference's order:
 * a client or an authorization, and a client of this version.
 * `options`: {name, client, authorization}; returns the error or null.
 */
export function verifyComponent(options) {
  if (!options) {
    return error("INVALID_USE_OF_INTERNAL_FUNCTION", undefined, undefined, "Options must be passed to basicComponentVerification function.");
  }
  const { name, client, authorization } = options;
  if (!client && !authorization) {
    return error("INSTANTIATION_OPTION_REQUIRED", undefined, undefined, "options.client is required when instantiating " + name + ".");
  }
  if (!authorization && client.getVersion() !== VERSION) {
    return error(
      "INCOMPATIBLE_VERSIONS",
      undefined,
      undefined,
      "Client (version " + client.getVersion() + ") and " + name + " (version " + VERSION + ") components must be from the same SDK version.",
    );
  }
  return null;
}

/** verifyComponent for a component's create(options). */
export function checkClient(options, component) {
  const o = options || {};
  return verifyComponent({ name: component, client: o.client, authorization: o.authorization });
}
