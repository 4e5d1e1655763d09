/**
 * Writes the offline country dataset behind `@/lib/geo` into public/geo:
 * countries.json, the spec's country table (each country's name as `country`,
 * its dialling codes as `countryCodes`, e.g. ["84"] for Vietnam, `isoCode2`
 * and `isoCode3`), and one <ISO>.json per country (its states, each with the
 * cities we know; an empty list means a free-text city). Runs at build time
 * from devDependencies, all under permissive licences: countries-list (MIT)
 * for names, dialling codes and three-letter codes, country-region-data (MIT)
 * for states and provinces, and the house's own curated-cities.json for the
 * cities of the countries it ships to most.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "public", "geo");
const curated = JSON.parse(readFileSync(join(here, "curated-cities.json"), "utf8"));

/** The same place however it is spelt: no accents, case, "City"/"Province" suffix or bracketed alias. */
function placeKey(name) {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/\(.*\)/g, "")
    .replace(/\b(city|province|prefecture|state)\b/g, "")
    .replace(/[^a-z0-9]/g, "");
}

/** The curated states (with cities) first, then every other region of the dataset. */
function regionsOf(iso, datasetRegions) {
  const known = Object.entries(curated[iso] ?? {}).map(([name, cities]) => ({ name, cities }));
  const seen = new Set(known.map((r) => placeKey(r.name)));
  const rest = datasetRegions.filter((r) => !seen.has(placeKey(r.name))).map((r) => ({ name: r.name, cities: [] }));
  return [...known, ...rest.sort((a, b) => a.name.localeCompare(b.name))];
}

function main() {
  const { countries } = require("countries-list");
  const isoCode3Of = require("countries-list/minimal/countries.2to3.min.json");
  const regionData = require("country-region-data/data.json");
  const regionsByIso = new Map(regionData.map((c) => [c.countryShortCode, c.regions]));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const list = Object.entries(countries)
    .filter(([, c]) => c.phone.length > 0)
    .map(([iso, c]) => ({ country: iso === "VN" ? "Vietnam" : c.name, countryCodes: c.phone.map(String), isoCode2: iso, isoCode3: isoCode3Of[iso] }))
    .sort((a, b) => a.country.localeCompare(b.country));
  writeFileSync(join(out, "countries.json"), JSON.stringify(list));
  for (const { isoCode2 } of list) {
    writeFileSync(join(out, `${isoCode2}.json`), JSON.stringify(regionsOf(isoCode2, regionsByIso.get(isoCode2) ?? [])));
  }
  writeFileSync(
    join(out, "NOTICE.txt"),
    "Country names, dialling codes and ISO 3166-1 alpha-3 codes: countries-list (MIT licence).\nStates and provinces: country-region-data (MIT licence).\n",
  );
  console.log(`geo: ${list.length} countries written to public/geo`);
}

main();
