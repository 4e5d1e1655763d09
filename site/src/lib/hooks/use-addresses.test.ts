import { afterEach, describe, expect, it, vi } from "vitest";
import { refusal, savedAddress } from "@/test/answers";
import { fakeFetch } from "@/test/fake-fetch";
import { EMPTY_ADDRESS, sameAddress } from "@/lib/rules/address";
import { keepInAddressBook } from "./use-addresses";

afterEach(() => vi.unstubAllGlobals());

const typed = {
  ...EMPTY_ADDRESS,
  firstName: "Lan",
  lastName: "Tran",
  country: "Vietnam",
  state: "Ho Chi Minh City",
  city: "District 1",
  street: "1 Le Loi",
  zipCode: "700000",
  phone: "912345678",
};
const saved = savedAddress({ ...typed, title: "Home", isDefault: true, firstName: " lan ", street: "1  Le Loi" });

describe("keeping a checkout's address in the address book", () => {
  it("reads an address with other spacing, case, title or default mark as the same place", () => {
    expect(sameAddress(saved, typed)).toBe(true);
    expect(sameAddress({ ...saved, zipCode: "700001" }, typed)).toBe(false);
  });

  it("adds a new address under the checkout's title, and never one the book has", async () => {
    const { calls } = fakeFetch({
      "POST /api/addresses": () => ({ status: 201, body: { message: "Address created successfully!", data: savedAddress({ id: "a2" }) } }),
    });
    expect(await keepInAddressBook(typed, [saved])).toBe(false);
    expect(calls).toHaveLength(0);
    expect(await keepInAddressBook(typed, [{ ...saved, street: "2 Le Loi" }])).toBe(true);
    expect(calls[0]?.body).toMatchObject({ title: "Shipping address", firstName: "Lan", street: "1 Le Loi", isDefault: false });
  });

  it("a refusal (a full book) is no failure of the checkout", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeFetch({ "POST /api/addresses": () => ({ status: 409, body: refusal("conflict", "You can save up to 20 addresses.") }) });
    expect(await keepInAddressBook(typed, [])).toBe(false);
  });
});
