"use client";
/**
 * Addresses: the saved addresses (default first, labelled PRIMARY SHIPPING)
 * with edit, delete and set-as-default (each confirmed), and Add New Address.
 * Country, state and city are dependent dropdowns; the phone code defaults
 * to +84. Add/edit results show for 5 seconds.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError, ok, shop } from "@/lib/api/client";
import { useAddresses } from "@/lib/hooks/use-addresses";
import type { Address } from "@/lib/api/types";
import { EMPTY_ADDRESS, sortAddresses, type AddressForm } from "@/lib/rules/address";
import { AddressFields } from "@/ui/components/address/address-fields";
import { AddressLines } from "@/ui/components/address/address-lines";
import { Modal } from "@/ui/components/common/modal";
import { StatusBanner, useTimedStatus } from "@/ui/components/common/status-banner";
import { MESSAGES } from "@/lib/messages";

export const ADDRESS_RESULT = {
  created: MESSAGES.address.CREATED,
  createFailed: "Failed to create address!",
  updated: MESSAGES.address.UPDATED,
  updateFailed: "Failed to update address!",
} as const;

type Mode = { kind: "add" } | { kind: "edit"; address: Address } | { kind: "delete"; address: Address } | { kind: "default"; address: Address } | null;

function AddressFormModal({
  initial,
  title,
  onClose,
  onSubmit,
}: {
  initial: AddressForm;
  title: string;
  onClose: () => void;
  onSubmit: (v: AddressForm) => Promise<void>;
}) {
  const form = useForm<AddressForm>({ defaultValues: initial });
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = form;
  return (
    <Modal open title={title} onClose={onClose} size="lg">
      <form className="form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
        <AddressFields form={form} rules="account" />
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
  const { data, mutate, isLoading } = useAddresses();
  const [mode, setMode] = useState<Mode>(null);
  const [status, setStatus] = useTimedStatus();
  const addresses = sortAddresses(data ?? []);
  const close = () => setMode(null);

  const save = async (v: AddressForm) => {
    const editing = mode?.kind === "edit" ? mode.address : null;
    try {
      if (editing) await ok(shop.PATCH("/api/addresses/{id}", { params: { path: { id: editing.id } }, body: bodyOf(v) }));
      else await ok(shop.POST("/api/addresses", { body: bodyOf(v) }));
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
      await ok(shop.DELETE("/api/addresses/remove/{id}", { params: { path: { id: address.id } } }));
    } catch (error) {
      console.error("address delete failed", error);
    }
    close();
    await mutate();
  };

  const makeDefault = async (address: Address) => {
    try {
      await ok(shop.PATCH("/api/addresses/{id}", { params: { path: { id: address.id } }, body: { isDefault: true } }));
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
              <div className="spread-row">
                <strong>{a.title}</strong>
                {a.isDefault && <span className="address-card__primary">PRIMARY SHIPPING</span>}
              </div>
              <AddressLines a={a} />
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
      {mode?.kind === "add" && (
        <AddressFormModal title="ADD NEW ADDRESS" initial={{ ...EMPTY_ADDRESS, isDefault: addresses.length === 0 }} onClose={close} onSubmit={save} />
      )}
      {mode?.kind === "edit" && <AddressFormModal title="EDIT ADDRESS" initial={{ ...EMPTY_ADDRESS, ...mode.address }} onClose={close} onSubmit={save} />}
      {mode?.kind === "delete" && (
        <ConfirmModal title="DELETE ADDRESS" text="Are you sure you want to delete this address?" onConfirm={() => remove(mode.address)} onClose={close} />
      )}
      {mode?.kind === "default" && (
        <ConfirmModal
          title="SET AS DEFAULT"
          text="Use this address as your primary shipping address?"
          onConfirm={() => makeDefault(mode.address)}
          onClose={close}
        />
      )}
    </div>
  );
}
