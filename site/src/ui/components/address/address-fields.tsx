"use client";
/**
 * The address form's fields, shared by the account's address modal and the
 * checkout's New Address: country, state and city are dependent selects over
 * the geo data (changing country clears state and city, changing state clears
 * city); a country or state without cities takes a free-text city; the phone
 * code defaults to +84 and follows the chosen country's dialling code until
 * the shopper picks a code themselves. The two forms differ only in their
 * rules (spec section 5): the account asks for an address title and always
 * for a phone.
 */
import { useRef, type ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { phoneCodeOf, phoneCodes, useCountries, useRegions } from "@/lib/geo";
import { ADDRESS_MSG, accountPhoneRule, required, zipRule, type AddressForm } from "@/lib/rules/address";
import { CHECKOUT_MSG, checkoutPhoneRule } from "@/lib/rules/checkout";

export type AddressRules = "account" | "checkout";

/** A stored value outside the data stays choosable. */
const keep = (list: string[], value: string) => (value && !list.includes(value) ? [value, ...list] : list);

function useGeoOptions(country: string, state: string, city: string, phoneCode: string) {
  const known = useCountries();
  const regions = useRegions(country);
  const cities = regions.find((r) => r.name === state)?.cities ?? [];
  return {
    known,
    countries: keep(
      known.map((c) => c.country),
      country,
    ),
    // The address's own code from the first render: the list of every code loads with the countries.
    phoneCodes: keep(phoneCodes(known), phoneCode),
    states: keep(
      regions.map((r) => r.name),
      state,
    ),
    cities: keep(cities, city),
    // Nothing to choose from: the country has no states, or the chosen state no cities.
    freeCity: country !== "" && (regions.length === 0 || (state !== "" && cities.length === 0)),
  };
}

function Options({ placeholder, values }: { placeholder: string; values: string[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}

export function AddressFields({ form, rules, idPrefix = "address" }: { form: UseFormReturn<AddressForm>; rules: AddressRules; idPrefix?: string }) {
  const {
    register,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const [country, state, city, phoneCode] = watch(["country", "state", "city", "phoneCode"]);
  const geo = useGeoOptions(country, state, city, phoneCode);
  const msg = rules === "account" ? ADDRESS_MSG : CHECKOUT_MSG;
  const phoneRule = rules === "account" ? accountPhoneRule : (v: string) => checkoutPhoneRule(v, getValues("phoneCode"));
  const id = (name: keyof AddressForm) => `${idPrefix}-${name}`;
  const a11y = (name: keyof AddressForm) => ({
    id: id(name),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `${id(name)}-error` : undefined,
  });
  const err = (name: keyof AddressForm) =>
    errors[name]?.message ? (
      <span id={`${id(name)}-error`} className="field__error" role="alert">
        {String(errors[name]?.message)}
      </span>
    ) : null;
  const field = (name: keyof AddressForm, label: string, input: ReactNode, wide = false) => (
    <div className={`field ${wide ? "field--wide" : ""}`}>
      <label className="field__label" htmlFor={id(name)}>
        {label}
      </label>
      {input}
      {err(name)}
    </div>
  );
  // A code the shopper picked is theirs (a number abroad); until then it is the country's.
  const codeChosen = useRef(false);
  const onCountry = (name: string) => {
    setValue("state", "");
    setValue("city", "");
    const chosen = geo.known.find((c) => c.country === name);
    if (chosen && !codeChosen.current) setValue("phoneCode", phoneCodeOf(chosen));
  };

  return (
    <>
      {rules === "account" &&
        field(
          "title",
          "Address title *",
          <input {...a11y("title")} placeholder="Home, Office…" {...register("title", { validate: required(ADDRESS_MSG.title) })} />,
          true,
        )}
      {field(
        "firstName",
        "First name *",
        <input {...a11y("firstName")} autoComplete="given-name" {...register("firstName", { validate: required(msg.firstName) })} />,
      )}
      {field(
        "lastName",
        "Last name *",
        <input {...a11y("lastName")} autoComplete="family-name" {...register("lastName", { validate: required(msg.lastName) })} />,
      )}
      {field(
        "country",
        "Country *",
        <select
          {...a11y("country")}
          {...register("country", { validate: required(msg.country), onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onCountry(e.target.value) })}
        >
          <Options placeholder="Select country" values={geo.countries} />
        </select>,
      )}
      {field(
        "state",
        "State / Province *",
        <select {...a11y("state")} disabled={geo.states.length === 0} {...register("state", { onChange: () => setValue("city", "") })}>
          <Options placeholder="Select state" values={geo.states} />
        </select>,
      )}
      {field(
        "city",
        "City *",
        geo.freeCity ? (
          <input {...a11y("city")} autoComplete="address-level2" {...register("city")} />
        ) : (
          <select {...a11y("city")} disabled={geo.cities.length === 0} {...register("city")}>
            <Options placeholder="Select city" values={geo.cities} />
          </select>
        ),
      )}
      {field(
        "zipCode",
        "Postal code *",
        <input {...a11y("zipCode")} inputMode="numeric" autoComplete="postal-code" {...register("zipCode", { validate: zipRule })} />,
      )}
      {field(
        "street",
        "Street *",
        <input {...a11y("street")} autoComplete="street-address" {...register("street", { validate: required(msg.street) })} />,
        true,
      )}
      <div className="field field--wide">
        <label className="field__label" htmlFor={id("phone")}>
          Phone *
        </label>
        <div className="phone-row">
          <select aria-label="Phone code" className="phone-row__code" {...register("phoneCode", { onChange: () => (codeChosen.current = true) })}>
            {geo.phoneCodes.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <input {...a11y("phone")} type="tel" autoComplete="tel-national" {...register("phone", { validate: phoneRule })} />
        </div>
        {err("phone")}
      </div>
    </>
  );
}
