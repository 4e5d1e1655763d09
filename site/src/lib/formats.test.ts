/**
 * The site checks a postal code and a phone as the API does: the same cases
 * as the domain's own test (shared/domain/src/address), from the formats in
 * shared/rules.json, with the spec's messages. And no copy of those formats
 * comes back written by hand.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE_CODE, PHONE, POSTAL_CODE, admits } from "./formats";
import { MESSAGES } from "./messages";
import { accountPhoneRule, zipRule } from "./rules/address";
import { checkoutPhoneRule } from "./rules/checkout";

describe("the API's formats", () => {
  it("admit what the API admits", () => {
    for (const [zip, ok] of [
      ["1234", true],
      ["1234567890", true],
      ["123", false],
      ["12345678901", false],
      ["12a45", false],
    ] as const) {
      expect(admits(POSTAL_CODE, zip), zip).toBe(ok);
    }
    for (const [phone, ok] of [
      ["123456", true],
      ["+84 (90) 123-45", true],
      ["12345", false],
      ["123456789012345678901", false],
      ["090-CALL-ME", false],
    ] as const) {
      expect(admits(PHONE, phone), phone).toBe(ok);
    }
    expect(DEFAULT_PHONE_CODE).toBe("+84");
  });

  it("give the spec's messages in the account's and the checkout's forms", () => {
    const msg = MESSAGES.address;
    expect(zipRule(" ")).toBe(msg.ZIP_REQUIRED);
    expect(zipRule("12")).toBe(msg.ZIP_INVALID);
    expect(zipRule(" 700000 ")).toBe(true);
    expect(accountPhoneRule("")).toBe(msg.PHONE_REQUIRED);
    expect(accountPhoneRule("call me")).toBe(msg.PHONE_INVALID);
    expect(accountPhoneRule("(090) 123-4567")).toBe(true);
    expect(checkoutPhoneRule("", "")).toBe(msg.PHONE_REQUIRED);
    expect(checkoutPhoneRule("", "+84")).toBe(true);
    expect(checkoutPhoneRule("12345", "+84")).toBe(msg.PHONE_INVALID);
  });

  it("are written nowhere else in the site's sources", () => {
    const src = resolve(__dirname, "..");
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? e.name === "test"
            ? []
            : sources(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    // The formats as patterns (`\d{4,10}`, `[0-9+\-() ]{6,20}`), and the default code given as a value.
    const copies = [/\\d\{4,10\}/, /\(\) ?\]\{6,20\}/, /[:=]\s*["']\+84["'][,;]?$/m];
    const found = sources(src).flatMap((file) =>
      copies.filter((copy) => copy.test(readFileSync(file, "utf8"))).map((copy) => `${relative(src, file)}: ${copy}`),
    );
    expect(found, "read the format from @/lib/formats (shared/rules.json) instead").toEqual([]);
  });
});
