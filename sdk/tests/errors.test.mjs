// error() builds the catalogue's BraintreeError from the data files alone
// (no wasm): every entry's type and message, the parameter, unknown codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { build } from "esbuild";

const dir = new URL("../src/errors/", import.meta.url);
// errors.js with every component's catalogue file registered, as the
// components do when imported.
const files = readdirSync(dir).filter((f) => f.endsWith(".txt"));
const entry =
  "export * from './errors.js'; import { register } from './errors.js';\n" +
  files.map((f, i) => `import f${i} from '../../src/errors/${f}'; register(f${i});`).join("\n");
const bundle = await build({
  stdin: { contents: entry, resolveDir: new URL("../js/src/", import.meta.url).pathname, loader: "js" },
  bundle: true,
  write: false,
  format: "esm",
  loader: { ".txt": "text" },
  logLevel: "silent",
});
const { error, BraintreeError } = await import("data:text/javascript," + encodeURIComponent(bundle.outputFiles[0].text));

const lines = files.flatMap((f) => readFileSync(new URL(f, dir), "utf8").split("\n").filter(Boolean));

test("every catalogue line gives its type and message", () => {
  assert.ok(lines.length >= 70);
  for (const line of lines) {
    const [code, type, ...words] = line.split(" ");
    const e = error(code, { x: 1 });
    assert.ok(e instanceof BraintreeError && e instanceof Error, code);
    assert.deepEqual([e.name, e.code, e.type, e.message, e.details], ["BraintreeError", code, type, words.join(" ").replace("{}", ""), { x: 1 }]);
  }
});

test("the parameter fills the message; a given message wins", () => {
  assert.equal(error("METHOD_CALLED_AFTER_TEARDOWN", undefined, "tokenize").message, "tokenize cannot be called after teardown.");
  assert.equal(error("HOSTED_FIELDS_INVALID_FIELD_KEY", undefined, "$&").message, '"$&" is not a valid field.');
  assert.equal(error("CLIENT_OPTION_INVALID", undefined, undefined, "custom").message, "custom");
});

test("codes match whole lines only; an unknown code is UNKNOWN with the code as message", () => {
  // A suffix of CLIENT_REQUEST_ERROR / THREEDS_LOOKUP_ERROR is no code.
  for (const code of ["REQUEST_ERROR", "LOOKUP_ERROR", "NOPE"]) {
    const e = error(code);
    assert.deepEqual([e.type, e.message], ["UNKNOWN", code]);
  }
});
