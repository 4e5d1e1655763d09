/**
 * The API's shapes have one home on the site: the types generated from the
 * contract (`schema.d.ts`), named in `types.ts`. A type written by hand under
 * a schema's name (an `Address` beside the generated one) is a copy that
 * drifts: this test fails when one comes back.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import contract from "../../../../shared/openapi.json";

const SRC = resolve(__dirname, "../..");
const GENERATED = "lib/api/schema.d.ts";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && relative(SRC, path) !== GENERATED ? [path] : [];
  });
}

/** `interface X` or `type X = …` declarations, with what a type is declared as. */
const DECLARATION = /^\s*(?:export\s+)?(?:interface\s+([A-Z]\w*)|type\s+([A-Z]\w*)\s*=\s*(.*))/gm;

describe("the contract's types", () => {
  it("are the only types named as the contract's schemas: aliases of the generated ones", () => {
    const schemas = new Set(Object.keys(contract.components.schemas));
    expect(schemas.has("AddressView") && schemas.has("ErrorCode")).toBe(true);
    const copies = sources(SRC).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(DECLARATION)]
        .filter(([, iface, alias, declared]) => schemas.has((iface ?? alias)!) && !declared?.startsWith("Schemas["))
        .map(([, iface, alias]) => `${relative(SRC, file)}: ${iface ?? alias}`),
    );
    expect(copies, "name the generated type in lib/api/types.ts (Schemas[...]) instead").toEqual([]);
  });
});
