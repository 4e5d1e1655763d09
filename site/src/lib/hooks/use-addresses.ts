/** The signed-in shopper's address book (My Addresses, checkout's saved addresses). */
import useSWR from "swr";
import { ok, shop } from "@/lib/api/client";
import type { Address } from "@/lib/api/types";
import { CHECKOUT_ADDRESS_TITLE, sameAddress, type AddressForm } from "@/lib/rules/address";
import { fetchList } from "./fetchers";

export function useAddresses() {
  return useSWR("/addresses", () => fetchList("/addresses"), { revalidateOnFocus: false });
}

/**
 * Keeps an address typed at checkout in the address book, unless an address
 * there already leads to the same place. A refusal (the book is full) is
 * logged, never in the way of the checkout. Answers whether it was added.
 */
export async function keepInAddressBook(address: AddressForm, book: Address[]): Promise<boolean> {
  if (book.some((saved) => sameAddress(saved, address))) return false;
  const { firstName, lastName, country, state, city, street, zipCode, phone, phoneCode } = address;
  const body = {
    title: CHECKOUT_ADDRESS_TITLE,
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    country,
    state,
    city,
    street: street.trim(),
    zipCode: zipCode.trim(),
    phone: phone.trim(),
    phoneCode,
    isDefault: false,
  };
  try {
    await ok(shop.POST("/api/addresses", { body }));
    return true;
  } catch (error) {
    console.warn("the checkout's address was not kept in the address book", error);
    return false;
  }
}
