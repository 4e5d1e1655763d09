// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_ADDRESS, type AddressForm } from "@/lib/rules/address";
import { AddressFields } from "./address-fields";

// A small stand-in dataset: Vietnam has states with cities, Monaco a state without, Nauru no states.
// `geo.loaded` false is the moment before the country list has arrived.
const geo = vi.hoisted(() => ({ loaded: true }));
vi.mock("@/lib/geo", () => {
  const countries = [
    { country: "Vietnam", countryCodes: ["84"], isoCode2: "VN", isoCode3: "VNM" },
    { country: "Monaco", countryCodes: ["377"], isoCode2: "MC", isoCode3: "MCO" },
    { country: "Nauru", countryCodes: ["674"], isoCode2: "NR", isoCode3: "NRU" },
    { country: "United States", countryCodes: ["1"], isoCode2: "US", isoCode3: "USA" },
    { country: "Japan", countryCodes: ["81"], isoCode2: "JP", isoCode3: "JPN" },
  ];
  return {
    DEFAULT_PHONE_CODE: "+84",
    phoneCodeOf: (c: { countryCodes: string[] }) => `+${c.countryCodes[0]}`,
    phoneCodes: (known: typeof countries) => (known.length ? ["+1", "+81", "+84", "+377", "+674"] : ["+84"]),
    useCountries: () => (geo.loaded ? countries : []),
    useRegions: (country: string) =>
      ({
        Vietnam: [
          { name: "Ho Chi Minh City", cities: ["District 1", "District 3"] },
          { name: "Hanoi", cities: ["Ba Dinh"] },
        ],
        Monaco: [{ name: "Monaco", cities: [] }],
      })[country] ?? [],
  };
});

function Form({ rules, initial = EMPTY_ADDRESS }: { rules: "account" | "checkout"; initial?: AddressForm }) {
  const form = useForm<AddressForm>({ defaultValues: initial });
  return (
    <form>
      <AddressFields form={form} rules={rules} />
    </form>
  );
}

afterEach(() => {
  geo.loaded = true;
});

const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("AddressFields", () => {
  it("clears state and city with a new country, and city with a new state", () => {
    render(<Form rules="checkout" />);
    select("Country *", "Vietnam");
    select("State / Province *", "Ho Chi Minh City");
    select("City *", "District 3");
    select("State / Province *", "Hanoi");
    expect(value("City *")).toBe("");
    select("City *", "Ba Dinh");
    select("Country *", "Monaco");
    expect([value("State / Province *"), value("City *")]).toEqual(["", ""]);
  });

  it("takes a free-text city where the data has no cities", () => {
    render(<Form rules="checkout" />);
    select("Country *", "Nauru");
    expect(screen.getByLabelText("City *").tagName).toBe("INPUT");
    select("Country *", "Monaco");
    expect(screen.getByLabelText("City *").tagName).toBe("SELECT");
    select("State / Province *", "Monaco");
    expect(screen.getByLabelText("City *").tagName).toBe("INPUT");
  });

  it("asks for an address title only in the account, with +84 as the default code", () => {
    const { unmount } = render(<Form rules="account" />);
    expect(screen.getByLabelText("Address title *")).toBeTruthy();
    expect((screen.getByLabelText("Phone code") as HTMLSelectElement).value).toBe("+84");
    unmount();
    render(<Form rules="checkout" />);
    expect(screen.queryByLabelText("Address title *")).toBeNull();
  });

  it.each(["account", "checkout"] as const)("%s: the phone code follows the chosen country", (rules) => {
    render(<Form rules={rules} />);
    expect(value("Phone code")).toBe("+84");
    select("Country *", "United States");
    expect(value("Phone code")).toBe("+1");
    select("Country *", "Monaco");
    expect(value("Phone code")).toBe("+377");
  });

  it.each(["account", "checkout"] as const)("%s: a code the shopper picked stays when the country changes", (rules) => {
    render(<Form rules={rules} />);
    select("Country *", "United States");
    select("Phone code", "+84");
    select("Country *", "Nauru");
    expect(value("Phone code")).toBe("+84");
  });

  it("an address being edited shows its own phone code before the country list has loaded, and after", () => {
    geo.loaded = false;
    const saved = { ...EMPTY_ADDRESS, country: "Japan", state: "Tokyo", city: "Shibuya", phoneCode: "+81", phone: "312345678" };
    const { rerender } = render(<Form rules="account" initial={saved} />);
    expect(value("Phone code")).toBe("+81");
    geo.loaded = true;
    rerender(<Form rules="account" initial={saved} />);
    expect(value("Phone code")).toBe("+81");
  });

  it("an address being edited takes its new country's code", () => {
    render(<Form rules="account" initial={{ ...EMPTY_ADDRESS, country: "Vietnam", phoneCode: "+84", phone: "901234567" }} />);
    select("Country *", "United States");
    expect(value("Phone code")).toBe("+1");
  });
});
