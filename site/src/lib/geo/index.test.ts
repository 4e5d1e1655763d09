import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PHONE_CODE, loadCountries, loadRegions, phoneCodeOf, phoneCodes } from ".";

// The generated dataset (site/scripts/geo.mjs) served as the static site serves it.
const publicDir = join(__dirname, "..", "..", "..", "public");
const served: string[] = [];

beforeEach(() => {
  served.length = 0;
  vi.stubGlobal("fetch", async (url: string) => {
    served.push(url);
    try {
      return new Response(await readFile(join(publicDir, url), "utf8"), { status: 200 });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("geo dataset", () => {
  it("is the spec's country table: country, countryCodes, isoCode2 and isoCode3, every country once", async () => {
    const countries = await loadCountries();
    expect(countries.length).toBeGreaterThan(240);
    expect(new Set(countries.map((c) => c.isoCode2)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.isoCode3)).size).toBe(countries.length);
    expect(countries).toContainEqual({ country: "Vietnam", countryCodes: ["84"], isoCode2: "VN", isoCode3: "VNM" });
    expect(countries).toContainEqual({ country: "Japan", countryCodes: ["81"], isoCode2: "JP", isoCode3: "JPN" });
    expect(countries.find((c) => c.isoCode2 === "DO")?.countryCodes).toEqual(["1809", "1829", "1849"]);
    expect(countries.every((c) => c.countryCodes.length > 0 && c.countryCodes.every((code) => /^\d+$/.test(code)))).toBe(true);
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.isoCode2) && /^[A-Z]{3}$/.test(c.isoCode3))).toBe(true);
  });

  it("starts a country's address on its first dialling code", () => {
    expect(phoneCodeOf({ country: "Vietnam", countryCodes: ["84"], isoCode2: "VN", isoCode3: "VNM" })).toBe("+84");
    expect(phoneCodeOf({ country: "Dominican Republic", countryCodes: ["1809", "1829"], isoCode2: "DO", isoCode3: "DOM" })).toBe("+1809");
  });

  it("loads a country's regions only when asked, one file per country", async () => {
    await loadCountries();
    expect(served).toEqual(["/geo/countries.json"]);
    const japan = await loadRegions("JP");
    expect(served).toEqual(["/geo/countries.json", "/geo/JP.json"]);
    expect(japan).toHaveLength(47);
    expect(japan.map((r) => r.name)).toEqual(expect.arrayContaining(["Tokyo", "Hokkaido", "Okinawa"]));
  });

  it("keeps the curated cities of Vietnam and adds its other provinces with free-text cities", async () => {
    const vietnam = await loadRegions("VN");
    expect(vietnam.find((r) => r.name === "Ho Chi Minh City")?.cities).toContain("District 1");
    expect(vietnam.length).toBeGreaterThan(60);
    expect(vietnam.filter((r) => r.name.includes("Chí Minh") || r.name.includes("Chi Minh"))).toHaveLength(1);
  });

  it("answers no regions for an unknown or malformed country code", async () => {
    expect(await loadRegions("XX")).toEqual([]);
    expect(await loadRegions("../countries")).toEqual([]);
    expect(served).toEqual(["/geo/XX.json"]);
  });

  it("offers every country's dialling codes sorted numerically, each once, with +84", async () => {
    const codes = phoneCodes(await loadCountries());
    expect(codes).toContain(DEFAULT_PHONE_CODE);
    expect(codes).toEqual(expect.arrayContaining(["+84", "+81", "+1", "+1809", "+1849"]));
    expect(new Set(codes).size).toBe(codes.length);
    const numbers = codes.map((c) => Number(c.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
