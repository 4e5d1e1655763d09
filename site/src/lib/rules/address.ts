/** The account's address form: rules and messages (spec section 5), and the body the API takes. */

export const ADDRESS_MSG = {
  title: "Please enter title address.",
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name",
  country: "Please select country.",
  zipRequired: "Please enter postal code.",
  zipInvalid: "Please enter a valid postal code.",
  street: "Please enter street.",
  phoneRequired: "Please enter phone number.",
  phoneInvalid: "Please enter a valid phone number.",
} as const;

export interface Address {
  id: string;
  title: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  phoneCode: string;
  phone: string;
  isDefault: boolean;
}

export type AddressForm = Omit<Address, "id">;

export const EMPTY_ADDRESS: AddressForm = {
  title: "",
  firstName: "",
  lastName: "",
  street: "",
  city: "",
  state: "",
  country: "",
  zipCode: "",
  phoneCode: "+84",
  phone: "",
  isDefault: false,
};

export const required = (message: string) => (v: string) => v.trim() !== "" || message;

export function zipRule(v: string): true | string {
  if (!v.trim()) return ADDRESS_MSG.zipRequired;
  return /^\d{4,10}$/.test(v.trim()) || ADDRESS_MSG.zipInvalid;
}

export function accountPhoneRule(v: string): true | string {
  if (!v.trim()) return ADDRESS_MSG.phoneRequired;
  return /^[0-9+\-() ]{6,20}$/.test(v.trim()) || ADDRESS_MSG.phoneInvalid;
}

/** Default first, then as listed. */
export function sortAddresses<T extends { isDefault: boolean }>(list: T[]): T[] {
  return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}
