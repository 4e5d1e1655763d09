/**
 * The formats the site checks a field against before sending (postal code, phone) and the default
 * phone code, from their one home in the Rust domain (`domain::address::RULES`):
 * `shared/rules.json`, which `make rules` writes and the contract's tests keep current. The check
 * is the API's own (`domain::validation::Format::admits`), so the browser and the server agree on
 * what is valid and answer it with the same message.
 */
import rules from "../../../shared/rules.json";

/** A text's length, in characters, and the characters it may hold. */
export interface Format {
  min: number;
  max: number;
  characters: string;
}

export const POSTAL_CODE: Format = rules.address.postalCode;
export const PHONE: Format = rules.address.phone;
export const DEFAULT_PHONE_CODE = rules.address.defaultPhoneCode;

/** Whether a text (trimmed, as the API reads it) has a format: counted in characters, as Rust counts them. */
export function admits(format: Format, text: string): boolean {
  const characters = [...text];
  return characters.length >= format.min && characters.length <= format.max && characters.every((c) => format.characters.includes(c));
}
