// The error on a line of a component's catalogue file: the rules number
// their errors by line, so the wasm module carries no code text.
import { error } from "./errors.js";

/** The error on line `n` (from 1) of catalogue `text`; `arg` fills its parameter. */
export function errorAt(text, n, details, arg) {
  return error(text.split("\n")[n - 1].split(" ")[0], details, arg);
}
