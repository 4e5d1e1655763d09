// The check every component's create() starts with (the reference's
// basicComponentVerification), in its order and words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { build } from "esbuild";

const src = new URL("../js/src/", import.meta.url).pathname;
const bundle = await build({
  stdin: { contents: "export { verifyComponent } from './lib.js';", resolveDir: src, loader: "js" },
  bundle: true,
  write: false,
  format: "esm",
  loader: { ".txt": "text" },
  logLevel: "silent",
  plugins: [
    {
      name: "constants",
      setup(b) {
        // As the SDK build: the constants the crate printed.
        b.onResolve({ filter: /^\.\/constants\.json$/ }, () => ({ path: new URL("../.build/constants.json", import.meta.url).pathname }));
      },
    },
  ],
});
const { verifyComponent } = await import("data:text/javascript," + encodeURIComponent(bundle.outputFiles[0].text));
const said = (e) => e && [e.name, e.type, e.code, e.message].join(" | ");
const clientOf = (version) => ({ getVersion: () => version });

test("no options at all is internal misuse", () => {
  assert.equal(
    said(verifyComponent()),
    "BraintreeError | INTERNAL | INVALID_USE_OF_INTERNAL_FUNCTION | Options must be passed to basicComponentVerification function.",
  );
});

test("a client or an authorization is required, named for the component", () => {
  assert.equal(
    said(verifyComponent({ name: "Vault Manager" })),
    "BraintreeError | MERCHANT | INSTANTIATION_OPTION_REQUIRED | options.client is required when instantiating Vault Manager.",
  );
});

test("a client of another version is refused; with an authorization its version is not checked", () => {
  assert.equal(
    said(verifyComponent({ name: "3D Secure", client: clientOf("3.129.0") })),
    "BraintreeError | MERCHANT | INCOMPATIBLE_VERSIONS | Client (version 3.129.0) and 3D Secure (version 3.130.0) components must be from the same SDK version.",
  );
  assert.equal(verifyComponent({ name: "3D Secure", client: clientOf("3.130.0") }), null);
  assert.equal(verifyComponent({ name: "3D Secure", client: clientOf("3.129.0"), authorization: "sandbox_a_b" }), null);
});
