// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_ADDRESS, type AddressForm } from "@/lib/rules/address";
import { AddressFields } from "./address-fields";

// A small stand-in dataset: Vietnam has states with cities, Monaco a state without, Nauru no states.
vi.mock("@/lib/geo", () => ({
  DEFAULT_PHONE_CODE: "+84",
  phoneCodes: () => ["+1", "+84", "+377", "+674"],
  useCountries: () => [
    { name: "Vietnam", isoCode2: "VN", phoneCode: "+84" },
    { name: "Monaco", isoCode2: "MC", phoneCode: "+377" },
    { name: "Nauru", isoCode2: "NR", phoneCode: "+674" },
    { name: "United States", isoCode2: "US", phoneCode: "+1" },
  ],
  useRegions: (country: string) =>
    ({
      Vietnam: [
        { name: "Ho Chi Minh City", cities: ["District 1", "District 3"] },
        { name: "Hanoi", cities: ["Ba Dinh"] },
      ],
      Monaco: [{ name: "Monaco", cities: [] }],
    })[country] ?? [],
}));

function Form({ rules, initial = EMPTY_ADDRESS }: { rules: "account" | "checkout"; initial?: AddressForm }) {
  const form = useForm<AddressForm>({ defaultValues: initial });
  return (
    <form>
      <AddressFields form={form} rules={rules} />
    </form>
  );
}

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

  it("an address being edited takes its new country's code", () => {
    render(<Form rules="account" initial={{ ...EMPTY_ADDRESS, country: "Vietnam", phoneCode: "+84", phone: "901234567" }} />);
    select("Country *", "United States");
    expect(value("Phone code")).toBe("+1");
  });
});
