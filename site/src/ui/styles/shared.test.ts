/**
 * What the shop and the atelier console draw alike is written once, in
 * shared.css, which both roots' stylesheets import first: this test fails when
 * a declaration of one of its rules comes back, written by hand, in a rule of
 * the same selector anywhere else in the site's stylesheets.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../..");
const SHARED = join(__dirname, "shared.css");

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}

/** Each rule as its selectors and its declarations (`property: value`), white space folded; a rule inside @media too. */
function rules(css: string): { selectors: string[]; declarations: string[] }[] {
  const text = css.replace(/\/\*[^]*?\*\//g, "");
  const fold = (s: string) => s.replace(/\s+/g, " ").trim();
  return [...text.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map(([, selectors = "", body = ""]) => ({
    selectors: selectors.split(",").map(fold),
    declarations: body.split(";").map(fold).filter(Boolean),
  }));
}

describe("shared.css", () => {
  it("is imported first by the shop's and the console's stylesheets", () => {
    const firstImport = (file: string) => /@import "([^"]+)";/.exec(readFileSync(join(SRC, file), "utf8"))?.[1];
    expect(firstImport("ui/styles/shop.css")).toBe("./shared.css");
    expect(firstImport("ui/components/atelier/atelier.css")).toBe("../../styles/shared.css");
  });

  it("holds rules no other stylesheet writes again", () => {
    const shared = rules(readFileSync(SHARED, "utf8")).flatMap(({ selectors, declarations }) =>
      selectors.flatMap((selector) => declarations.map((declaration) => ({ selector, declaration }))),
    );
    expect(shared).toContainEqual({ selector: ".visually-hidden", declaration: "clip: rect(0, 0, 0, 0)" });
    const copies = stylesheets(SRC)
      .filter((file) => file !== SHARED)
      .flatMap((file) =>
        rules(readFileSync(file, "utf8")).flatMap(({ selectors, declarations }) =>
          shared
            .filter((s) => selectors.includes(s.selector) && declarations.includes(s.declaration))
            .map((s) => `${relative(SRC, file)}: ${s.selector} { ${s.declaration} }`),
        ),
      );
    expect(copies, "leave it to shared.css").toEqual([]);
  });
});
