/**
 * What the site itself knows, which is not the house's data: the currency.
 * The house (name, contacts, pages) is data: components read it with
 * `useHouse()` (`@/lib/hooks/use-house`). Only the pages' heads, rendered at
 * build time, read the build's copy of it below (the catalogue snapshot's,
 * written in by next.config as BUILD_HOUSE), neutral without one.
 */
import type { House } from "@/lib/api/types";

/** Every price is in US dollars (en-US format), at checkout as in the catalogue. */
export const CURRENCY = "USD";

function built(): House | null {
  try {
    return JSON.parse(process.env.BUILD_HOUSE ?? "null") as House | null;
  } catch {
    return null;
  }
}

const b = built();

/** The house as the build knew it, for the heads (titles, descriptions, JSON-LD). */
export const house = {
  name: b?.name.toUpperCase() ?? "",
  shortName: b?.shortName ?? "",
  tagline: b?.tagline ?? "",
  address: { street: b?.address.street ?? "", city: b?.address.city ?? "", country: b?.address.country ?? "" },
  phone: { display: b?.phone.display ?? "", e164: b?.phone.e164 ?? "" },
  emails: { contact: b?.emails.contact ?? "", press: b?.emails.press ?? "" },
  social: { facebook: b?.social.facebook ?? "", instagram: b?.social.instagram ?? "", youtube: b?.social.youtube ?? "" },
  currency: CURRENCY,
} as const;
