"use client";
/**
 * Addresses: the saved addresses (default first, labelled PRIMARY SHIPPING)
 * with edit, delete and set-as-default (each confirmed), and Add New Address.
 * Country, state and city are dependent dropdowns; the phone code defaults
 * to +84. Add/edit results show for 5 seconds.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { ApiError, api } from "@/lib/api/client";
import { phoneCodes, useCountries, useRegions } from "@/lib/geo";
import { fetchList } from "@/lib/hooks/fetchers";
import { ADDRESS_MSG, EMPTY_ADDRESS, accountPhoneRule, required, sortAddresses, zipRule, type Address, type AddressForm } from "@/lib/rules/address";
import { Modal } from "@/ui/components/common/modal";
import { StatusBanner, useTimedStatus } from "@/ui/components/common/status-banner";

export const ADDRESS_RESULT = {
  created: "Address created successfully!",
  createFailed: "Failed to create address!",
  updated: "Address updated successfully!",
  updateFailed: "Failed to update address!",
} as const;

type Mode = { kind: "add" } | { kind: "edit"; address: Address } | { kind: "delete"; address: Address } | { kind: "default"; address: Address } | null;

function AddressFormModal({ initial, title, onClose, onSubmit }: { initial: AddressForm; title: string; onClose: () => void; onSubmit: (v: AddressForm) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AddressForm>({ defaultValues: initial });
  const [country, state, city] = watch(["country", "state", "city"]);
  // A stored value outside the offline table stays choosable.
  const keep = (list: string[], value: string) => (value && !list.includes(value) ? [value, ...list] : list);
  const known = useCountries();
  const regions = useRegions(country);
  const countries = keep(
    known.map((c) => c.name),
    country,
  );
  const states = keep(
    regions.map((r) => r.name),
    state,
  );
  const cities = keep(regions.find((r) => r.name === state)?.cities ?? [], city);
  const a11y = (name: keyof AddressForm) => ({ id: `address-${name}`, "aria-invalid": Boolean(errors[name]), "aria-describedby": errors[name] ? `address-${name}-error` : undefined });
  const err = (name: keyof AddressForm) =>
    errors[name]?.message ? (
      <span id={`address-${name}-error`} className="field__error" role="alert">
        {String(errors[name]?.message)}
      </span>
    ) : null;
  const field = (name: keyof AddressForm, label: string, input: React.ReactNode, wide = false) => (
    <div className={`field ${wide ? "field--wide" : ""}`}>
      <label className="field__label" htmlFor={`address-${name}`}>
        {label}
      </label>
      {input}
      {err(name)}
    </div>
  );

  return (
    <Modal open title={title} onClose={onClose} size="lg">
      <form className="form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
        {field("title", "Address title *", <input {...a11y("title")} placeholder="Home, Office…" {...register("title", { validate: required(ADDRESS_MSG.title) })} />, true)}
        {field("firstName", "First name *", <input {...a11y("firstName")} autoComplete="given-name" {...register("firstName", { validate: required(ADDRESS_MSG.firstName) })} />)}
        {field("lastName", "Last name *", <input {...a11y("lastName")} autoComplete="family-name" {...register("lastName", { validate: required(ADDRESS_MSG.lastName) })} />)}
        {field(
          "country",
          "Country *",
          <select
            {...a11y("country")}
            {...register("country", {
              validate: required(ADDRESS_MSG.country),
              onChange: () => {
                setValue("state", "");
                setValue("city", "");
              },
            })}
          >
            <option value="">Select country</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>,
        )}
        {field(
          "state",
          "State / Province *",
          <select {...a11y("state")} disabled={states.length === 0} {...register("state", { onChange: () => setValue("city", "") })}>
            <option value="">Select state</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>,
        )}
        {field(
          "city",
          "City *",
          <select {...a11y("city")} disabled={cities.length === 0} {...register("city")}>
            <option value="">Select city</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>,
        )}
        {field("zipCode", "Postal code *", <input {...a11y("zipCode")} inputMode="numeric" autoComplete="postal-code" {...register("zipCode", { validate: zipRule })} />)}
        {field("street", "Street *", <input {...a11y("street")} autoComplete="street-address" {...register("street", { validate: required(ADDRESS_MSG.street) })} />, true)}
        <div className="field field--wide">
          <label className="field__label" htmlFor="address-phone">
            Phone *
          </label>
          <div className="phone-row">
            <select aria-label="Phone code" className="phone-row__code" {...register("phoneCode")}>
              {phoneCodes(known).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <input {...a11y("phone")} type="tel" autoComplete="tel-national" {...register("phone", { validate: accountPhoneRule })} />
          </div>
          {err("phone")}
        </div>
        <label className="checkbox field--wide">
          <input type="checkbox" {...register("isDefault")} /> Set as primary shipping address
        </label>
        <button type="submit" className="button button--block field--wide" disabled={isSubmitting}>
          {isSubmitting ? "Loading..." : "SAVE ADDRESS"}
        </button>
      </form>
    </Modal>
  );
}

function ConfirmModal({ title, text, onConfirm, onClose }: { title: string; text: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={title} onClose={onClose}>
      <p>{text}</p>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          CANCEL
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onConfirm();
            setBusy(false);
          }}
        >
          {busy ? "Loading..." : "CONFIRM"}
        </button>
      </div>
    </Modal>
  );
}

const bodyOf = (v: AddressForm) => ({
  title: v.title.trim(),
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  country: v.country,
  state: v.state,
  city: v.city,
  street: v.street.trim(),
  zipCode: v.zipCode.trim(),
  phone: v.phone.trim(),
  phoneCode: v.phoneCode,
  isDefault: v.isDefault,
});

export function MyAddresses() {
  const { data, mutate, isLoading } = useSWR("/addresses", (p: string) => fetchList<Address>(p), { revalidateOnFocus: false });
  const [mode, setMode] = useState<Mode>(null);
  const [status, setStatus] = useTimedStatus();
  const addresses = sortAddresses(data ?? []);
  const close = () => setMode(null);

  const save = async (v: AddressForm) => {
    const editing = mode?.kind === "edit" ? mode.address : null;
    try {
      if (editing) await api.patch(`/addresses/${encodeURIComponent(editing.id)}`, bodyOf(v));
      else await api.post("/addresses", bodyOf(v));
      setStatus({ kind: "success", text: editing ? ADDRESS_RESULT.updated : ADDRESS_RESULT.created });
      close();
      await mutate();
    } catch (error) {
      if (!(error instanceof ApiError)) console.error("address save failed", error);
      setStatus({ kind: "error", text: editing ? ADDRESS_RESULT.updateFailed : ADDRESS_RESULT.createFailed });
      close();
    }
  };

  const remove = async (address: Address) => {
    try {
      await api.delete(`/addresses/remove/${encodeURIComponent(address.id)}`);
    } catch (error) {
      console.error("address delete failed", error);
    }
    close();
    await mutate();
  };

  const makeDefault = async (address: Address) => {
    try {
      await api.patch(`/addresses/${encodeURIComponent(address.id)}`, { isDefault: true });
      setStatus({ kind: "success", text: ADDRESS_RESULT.updated });
    } catch (error) {
      console.error("set default failed", error);
      setStatus({ kind: "error", text: ADDRESS_RESULT.updateFailed });
    }
    close();
    await mutate();
  };

  return (
    <div>
      <div className="account__title-row">
        <h1 className="account__title">ADDRESSES</h1>
        <button type="button" className="button" onClick={() => setMode({ kind: "add" })}>
          ADD NEW ADDRESS
        </button>
      </div>
      <StatusBanner status={status} />
      {isLoading ? null : addresses.length === 0 ? (
        <p className="muted">You have no saved addresses yet.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.id} className={a.isDefault ? "address-card is-default" : "address-card"} data-testid="address-card">
              <div className="address-card__head">
                <strong>{a.title}</strong>
                {a.isDefault && <span className="address-card__primary">PRIMARY SHIPPING</span>}
              </div>
              <p>
                {a.firstName} {a.lastName}
                <br />
                {a.street}
                <br />
                {[a.city, a.state, a.zipCode].filter(Boolean).join(", ")}
                <br />
                {a.country}
                <br />
                {a.phoneCode} {a.phone}
              </p>
              <div className="address-card__actions">
                <button type="button" className="text-link" onClick={() => setMode({ kind: "edit", address: a })}>
                  Edit
                </button>
                <button type="button" className="text-link" onClick={() => setMode({ kind: "delete", address: a })}>
                  Delete
                </button>
                {!a.isDefault && (
                  <button type="button" className="text-link" onClick={() => setMode({ kind: "default", address: a })}>
                    Set as default
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {mode?.kind === "add" && <AddressFormModal title="ADD NEW ADDRESS" initial={{ ...EMPTY_ADDRESS, isDefault: addresses.length === 0 }} onClose={close} onSubmit={save} />}
      {mode?.kind === "edit" && <AddressFormModal title="EDIT ADDRESS" initial={{ ...EMPTY_ADDRESS, ...mode.address }} onClose={close} onSubmit={save} />}
      {mode?.kind === "delete" && <ConfirmModal title="DELETE ADDRESS" text="Are you sure you want to delete this address?" onConfirm={() => remove(mode.address)} onClose={close} />}
      {mode?.kind === "default" && <ConfirmModal title="SET AS DEFAULT" text="Use this address as your primary shipping address?" onConfirm={() => makeDefault(mode.address)} onClose={close} />}
    </div>
  );
}
