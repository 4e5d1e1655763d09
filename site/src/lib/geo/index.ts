/**
 * The offline country, state and city data behind every address form. The
 * country list is small and loaded once; each country's states and cities
 * are loaded on demand, only when that country is chosen. A country or state
 * with no cities in the data takes a free-text city.
 */
import useSWR from "swr";
import { DEFAULT_PHONE_CODE } from "@/lib/formats";

/** A row of the spec's country table: `countryCodes` are dialling codes without the plus ("84"). */
export interface Country {
  country: string;
  countryCodes: string[];
  isoCode2: string;
  isoCode3: string;
}

export interface Region {
  name: string;
  cities: string[];
}

export { DEFAULT_PHONE_CODE };

/** One file of the generated dataset (site/scripts/geo.mjs); null when there is none. */
async function loadGeoFile<T>(file: string): Promise<T | null> {
  const response = await fetch(`/geo/${file}`);
  return response.ok ? ((await response.json()) as T) : null;
}

export async function loadCountries(): Promise<Country[]> {
  return (await loadGeoFile<Country[]>("countries.json")) ?? [];
}

/** A country's states and cities, fetched only when it is chosen; none for an unknown code. */
export async function loadRegions(isoCode2: string): Promise<Region[]> {
  if (!/^[A-Z]{2}$/.test(isoCode2)) return [];
  return (await loadGeoFile<Region[]>(`${isoCode2}.json`)) ?? [];
}

/** A dialling code as the phone-code list shows and the address stores it: "+84". */
const asPhoneCode = (countryCode: string) => `+${countryCode}`;

/** The phone code a country's address starts with: its first dialling code. */
export function phoneCodeOf(country: Country): string {
  return asPhoneCode(country.countryCodes[0] ?? "");
}

/** Every dialling code of every country once, in numeric order. */
export function phoneCodes(countries: Country[]): string[] {
  const codes = new Set([DEFAULT_PHONE_CODE, ...countries.flatMap((c) => c.countryCodes.map(asPhoneCode))]);
  return [...codes].sort((a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")));
}

export function useCountries(): Country[] {
  return useSWR("geo:countries", loadCountries, { revalidateOnFocus: false }).data ?? [];
}

/** The states (with their cities) of the country of that name; empty while loading or unknown. */
export function useRegions(countryName: string): Region[] {
  const iso = useCountries().find((c) => c.country === countryName)?.isoCode2;
  return useSWR(iso ? `geo:regions:${iso}` : null, () => loadRegions(iso as string), { revalidateOnFocus: false }).data ?? [];
}
