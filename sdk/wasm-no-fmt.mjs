// sdk-build step, between wasm-bindgen and wasm-opt: takes core's integer
// formatting (`<u32 as Display>::fmt`, `Formatter::pad_integral`) out of a
// module. The rules never format text; only core's own panic messages
// ("memory allocation of {} bytes failed", ...) reference it, through the
// panic's arguments, and the crate's panic handler traps without reading
// them. wasm-opt cannot see that (the functions sit in the indirect-call
// table), so their bodies become `unreachable` here and wasm-opt drops the
// rest. Leaves alone a module that formats for real: one with
// `core::fmt::write`, or a direct call into these functions from elsewhere.
//
// Usage: node sdk/wasm-no-fmt.mjs <module.wasm> (rewritten in place; needs
// the name section, which [profile.wasm] keeps and wasm-opt strips after).
import binaryen from "binaryen";
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2];
const module = binaryen.readBinary(readFileSync(file));
// What rustc's wasm32 target and wasm-bindgen use (and sdk.mk's wasm-opt
// enables); more would let binaryen write types no browser takes.
const F = binaryen.Features;
module.setFeatures(F.MVP | F.BulkMemory | F.NontrappingFPToInt | F.SignExt | F.MutableGlobals | F.ReferenceTypes | F.Multivalue);

const STUB = /::fmt::Formatter>::pad_integral|::fmt::Display>::fmt$/;
const names = [];
for (let i = 0; i < module.getNumFunctions(); i++) names.push(binaryen.getFunctionInfo(module.getFunctionByIndex(i)).name);
if (!names.some((n) => n.includes("::"))) {
  console.error(`${file}: no name section, nothing taken out`);
  process.exit(0);
}
// A module that formats keeps it all (the build goes on; its size shows it).
const fail = (why) => {
  console.error(`${file}: ${why}; core::fmt left in`);
  process.exit(0);
};
if (names.some((n) => /core\S*::fmt::write/.test(n))) fail("the module formats text (core::fmt::write)");
const stubs = new Set(names.filter((n) => STUB.test(n)));
// Each function's text: a call into the set from outside it means real use.
for (const chunk of module.emitText().split("\n (func $").slice(1)) {
  const name = chunk.slice(0, chunk.search(/[\s(]/));
  if (stubs.has(name)) continue;
  for (const s of stubs) if (chunk.includes("(call $" + s + "\n") || chunk.includes("(call $" + s + " ")) fail(`${name} calls ${s}`);
}
for (const name of stubs) {
  const info = binaryen.getFunctionInfo(module.getFunction(name));
  module.removeFunction(name);
  module.addFunction(name, info.params, info.results, info.vars, module.unreachable());
}
writeFileSync(file, module.emitBinary());
console.log(`${file}: core::fmt integer formatting taken out (${stubs.size} functions)`);
