/**
 * The offline country, state and city data behind every address form. The
 * country list is small and loaded once; each country's states and cities
 * are loaded on demand, only when that country is chosen. A country or state
 * with no cities in the data takes a free-text city.
 */
import useSWR from "swr";

export interface Country {
  name: string;
  isoCode2: string;
  phoneCode: string;
}

export interface Region {
  name: string;
  cities: string[];
}

export const DEFAULT_PHONE_CODE = "+84";

export async function loadCountries(): Promise<Country[]> {
  const { COUNTRIES } = await import("./data");
  return COUNTRIES.map(({ name, isoCode2, phoneCode }) => ({ name, isoCode2, phoneCode }));
}

export async function loadRegions(isoCode2: string): Promise<Region[]> {
  const { COUNTRIES } = await import("./data");
  const states = COUNTRIES.find((c) => c.isoCode2 === isoCode2)?.states ?? {};
  return Object.entries(states).map(([name, cities]) => ({ name, cities }));
}

/** Every dialling code once, in numeric order. */
export function phoneCodes(countries: Country[]): string[] {
  const codes = new Set([DEFAULT_PHONE_CODE, ...countries.map((c) => c.phoneCode)]);
  return [...codes].sort((a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")));
}

export function useCountries(): Country[] {
  return useSWR("geo:countries", loadCountries, { revalidateOnFocus: false }).data ?? [];
}

/** The states (with their cities) of the country of that name; empty while loading or unknown. */
export function useRegions(countryName: string): Region[] {
  const iso = useCountries().find((c) => c.name === countryName)?.isoCode2;
  return useSWR(iso ? `geo:regions:${iso}` : null, () => loadRegions(iso as string), { revalidateOnFocus: false }).data ?? [];
}
