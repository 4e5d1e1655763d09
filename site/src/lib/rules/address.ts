/** The account's address form: rules and messages (spec section 5), and the body the API takes. */
import type { AddressInput } from "@/lib/api/types";
import { DEFAULT_PHONE_CODE, PHONE, POSTAL_CODE, admits } from "@/lib/formats";
import { MESSAGES } from "@/lib/messages";

export const ADDRESS_MSG = {
  title: MESSAGES.address.TITLE_REQUIRED,
  firstName: MESSAGES.address.FIRST_NAME_REQUIRED,
  lastName: MESSAGES.address.LAST_NAME_REQUIRED,
  country: MESSAGES.address.COUNTRY_REQUIRED,
  zipRequired: MESSAGES.address.ZIP_REQUIRED,
  zipInvalid: MESSAGES.address.ZIP_INVALID,
  street: MESSAGES.address.STREET_REQUIRED,
  phoneRequired: MESSAGES.address.PHONE_REQUIRED,
  phoneInvalid: MESSAGES.address.PHONE_INVALID,
} as const;

/** The form's values: the body `POST /api/addresses` takes, every field filled in. */
export type AddressForm = Required<AddressInput>;

export const EMPTY_ADDRESS: AddressForm = {
  title: "",
  firstName: "",
  lastName: "",
  street: "",
  city: "",
  state: "",
  country: "",
  zipCode: "",
  phoneCode: DEFAULT_PHONE_CODE,
  phone: "",
  isDefault: false,
};

export const required = (message: string) => (v: string) => v.trim() !== "" || message;

/** The postal code: required, and of the API's format. */
export function zipRule(v: string): true | string {
  if (!v.trim()) return ADDRESS_MSG.zipRequired;
  return admits(POSTAL_CODE, v.trim()) || ADDRESS_MSG.zipInvalid;
}

/** The account's phone: required, and of the API's format. */
export function accountPhoneRule(v: string): true | string {
  if (!v.trim()) return ADDRESS_MSG.phoneRequired;
  return admits(PHONE, v.trim()) || ADDRESS_MSG.phoneInvalid;
}

/** Default first, then as listed. */
export function sortAddresses<T extends { isDefault: boolean }>(list: T[]): T[] {
  return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** Where an address leads, compared as the shopper would (case and spacing aside); its title and default mark are no part of it. */
export function sameAddress(a: AddressForm, b: AddressForm): boolean {
  const where = (x: AddressForm) =>
    [x.firstName, x.lastName, x.street, x.city, x.state, x.country, x.zipCode, x.phoneCode, x.phone].map((v) => v.trim().replace(/\s+/g, " ").toLowerCase());
  const [p, q] = [where(a), where(b)];
  return p.every((v, i) => v === q[i]);
}

/** The title of an address kept from the checkout, whose form asks for none. */
export const CHECKOUT_ADDRESS_TITLE = "Shipping address";
