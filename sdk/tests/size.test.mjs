// The size limits (issue 51, DESIGN.md section 7) hold for the built
// package: the card page, the core four (client + hostedFields +
// paypalCheckout + threeDSecure with the wasm they load), the all-in-one
// script with its wasm, and one hosted-field frame. No browser needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sizes, closure, limits } from "../bench/size.mjs";

const figures = sizes();

for (const [name, what] of [
  ["cardPage", "the card page (client + Hosted Fields + wasm)"],
  ["frame", "one hosted-field frame (own JS + wasm)"],
  ["four", "the core four with their wasm"],
  ["whole", "the all-in-one script with its wasm"],
]) {
  test(`${what}: at most ${limits[name]} B gzipped`, () => {
    assert.ok(figures[name] <= limits[name], `${figures[name]} B > ${limits[name]} B`);
  });
}

/** Every source file in the static import closure of `entry`'s page. */
function staticInputs(entry) {
  const meta = JSON.parse(readFileSync(new URL("../js/dist/meta.json", import.meta.url), "utf8"));
  return closure(entry).flatMap((file) => Object.keys(meta.outputs[Object.keys(meta.outputs).find((o) => o.endsWith("/" + file))].inputs));
}

test("a hosted-field frame loads no error catalogue and no request code before it is ready", () => {
  const inputs = staticInputs("hosted-fields-frame");
  assert.ok(
    inputs.some((i) => i.endsWith("hosted-fields-frame.js")),
    inputs.join(),
  );
  const extra = inputs.filter((i) => i.endsWith(".txt") || /\/(errors|client|lib)\.js$/.test(i));
  assert.deepEqual(extra, []);
});

test("no wasm module carries error messages (they are JS data)", async () => {
  const { readFileSync } = await import("node:fs");
  for (const file of ["payment_sdk_bg.wasm", "payment_sdk_frame_bg.wasm", "payment_sdk_apm_bg.wasm", "payment_sdk_payment_request_bg.wasm"]) {
    const wasm = readFileSync(new URL("../js/dist/" + file, import.meta.url)).toString("latin1");
    assert.ok(!wasm.includes("is required when instantiating"), file);
    assert.ok(!wasm.includes("Hosted Fields timed out"), file);
  }
});

test("the merchant-page module leaves the card-number rules to the frame module", async () => {
  const { readFileSync } = await import("node:fs");
  const exportsOf = async (file) =>
    WebAssembly.Module.exports(await WebAssembly.compile(readFileSync(new URL("../js/dist/" + file, import.meta.url)))).map((e) => e.name);
  const merchant = await exportsOf("payment_sdk_bg.wasm");
  const frame = await exportsOf("payment_sdk_frame_bg.wasm");
  assert.ok(!merchant.includes("validateField") && frame.includes("validateField"));
  // Payment Request's rules are its frame's module's, not the card fields'.
  const request = await exportsOf("payment_sdk_payment_request_bg.wasm");
  assert.ok(request.includes("paymentRequestRule") && !frame.includes("paymentRequestRule") && !request.includes("validateField"));
  assert.ok(merchant.includes("authKind") && !frame.includes("authKind"));
});

test("a page that imports one component downloads no other component's module", async () => {
  const { readFileSync } = await import("node:fs");
  const meta = JSON.parse(readFileSync(new URL("../js/dist/meta.json", import.meta.url), "utf8"));
  const sourceOf = (path) => path.slice(path.lastIndexOf("/") + 1).replace(/\.js$/, "");
  // Every component namespace's entry; the client is the one every component creates.
  const entries = Object.values(meta.outputs)
    .map((o) => o.entryPoint)
    .filter(Boolean)
    .map(sourceOf)
    .filter((e) => !["index", "client", "landing-frame", "hosted-fields-frame", "frame-rules"].includes(e) && !e.endsWith("-frame"));
  assert.ok(entries.length >= 5, entries.join());
  for (const entry of entries) {
    const inputs = closure(entry).flatMap((file) => Object.keys(meta.outputs[Object.keys(meta.outputs).find((o) => o.endsWith("/" + file))].inputs));
    const others = inputs.map(sourceOf).filter((s) => s !== entry && entries.includes(s));
    assert.deepEqual(others, [], entry + " also loads " + others.join(", "));
  }
});
