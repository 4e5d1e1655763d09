"use client";
/**
 * Step 1, Shipping Address: a saved address card or the New Address form
 * (choosing one clears the other), delivery by Express, and Continue to
 * payment (Save Changes after an EDIT). Done, it shows the address and EDIT.
 * The form is the tab's draft as typed; a new address is kept in the
 * address book when the shopper leaves its box ticked (the default).
 */
import { useEffect, useState, type Dispatch } from "react";
import { useForm } from "react-hook-form";
import { updateDraft, type CheckoutDraft } from "@/lib/checkout/draft";
import { keepInAddressBook, useAddresses } from "@/lib/hooks/use-addresses";
import type { Address } from "@/lib/api/types";
import { EMPTY_ADDRESS, sortAddresses, type AddressForm } from "@/lib/rules/address";
import { CHECKOUT_MSG, continueLabel, type StepEvent, type StepState } from "@/lib/rules/checkout";
import { formatShipping } from "@/lib/rules/format";
import { AddressFields } from "@/ui/components/address/address-fields";
import { AddressLines } from "@/ui/components/address/address-lines";

function SavedCards({ addresses, chosen, onChoose }: { addresses: Address[]; chosen: string | null; onChoose: (id: string) => void }) {
  return (
    <div className="checkout-address__cards" role="radiogroup" aria-label="Saved addresses">
      {addresses.map((a) => (
        <label key={a.id} className={chosen === a.id ? "checkout-address__card is-chosen" : "checkout-address__card"} data-testid="saved-address">
          <input type="radio" name="saved-address" checked={chosen === a.id} onChange={() => onChoose(a.id)} />
          <span className="checkout-address__card-head">
            <strong>{a.title || "Address"}</strong>
            {a.isDefault && <span className="address-card__primary">PRIMARY SHIPPING</span>}
          </span>
          <AddressLines a={a} className="checkout-address__lines" />
        </label>
      ))}
    </div>
  );
}

export const KEEP_ADDRESS_LABEL = "Save this address to my address book";

interface Props {
  /** Whose draft the form is kept in. */
  owner: string;
  /** The tab's draft as the checkout opened: the form as typed and the address book box. */
  draft: CheckoutDraft;
  step: StepState;
  dispatch: Dispatch<StepEvent>;
  shippingfee: number | null;
  shipping: AddressForm | null;
  onShipping: (a: AddressForm) => void;
  onEdit: () => void;
}

export function AddressStep({ owner, draft, step, dispatch, shippingfee, shipping, onShipping, onEdit }: Props) {
  const { data, mutate } = useAddresses();
  const addresses = sortAddresses(data ?? []);
  const form = useForm<AddressForm>({ defaultValues: draft.form });
  const [noChoice, setNoChoice] = useState(false);
  const [keepAddress, setKeepAddress] = useState(draft.keepAddress);
  useEffect(() => {
    const kept = form.watch((typed) => updateDraft(owner, { form: { ...EMPTY_ADDRESS, ...typed } }));
    return () => kept.unsubscribe();
  }, [form, owner]);
  const chosenId = step.choice.kind === "saved" ? step.choice.id : null;

  const chooseSaved = (id: string) => {
    form.reset(EMPTY_ADDRESS);
    setNoChoice(false);
    dispatch({ type: "choose", choice: { kind: "saved", id } });
  };
  const chooseNew = () => {
    setNoChoice(false);
    dispatch({ type: "choose", choice: { kind: "new" } });
  };
  const proceed = (address: AddressForm) => {
    onShipping(address);
    dispatch({ type: "continue", valid: true });
  };
  const proceedWithNew = (address: AddressForm) => {
    proceed(address);
    if (!keepAddress || !data) return;
    void keepInAddressBook(address, data).then(async (added) => {
      if (added) await mutate();
    });
  };
  const onKeepAddress = (keep: boolean) => {
    setKeepAddress(keep);
    updateDraft(owner, { keepAddress: keep });
  };
  const onContinue = async () => {
    if (step.choice.kind === "none") return setNoChoice(true);
    if (step.choice.kind === "saved") {
      const saved = addresses.find((a) => a.id === chosenId);
      return saved ? proceed(saved) : setNoChoice(true);
    }
    await form.handleSubmit(proceedWithNew)();
  };

  if (step.done && shipping) {
    return (
      <section className="checkout-step" aria-labelledby="step-address">
        <div className="checkout-step__head">
          <h2 id="step-address" className="checkout-step__title">
            1. SHIPPING ADDRESS
          </h2>
          <button type="button" className="text-link" onClick={onEdit}>
            EDIT
          </button>
        </div>
        <AddressLines a={shipping} className="checkout-address__lines" />
        <p className="muted">Delivery method: Express</p>
      </section>
    );
  }

  return (
    <section className="checkout-step" aria-labelledby="step-address">
      <h2 id="step-address" className="checkout-step__title">
        1. SHIPPING ADDRESS
      </h2>
      {addresses.length > 0 && <SavedCards addresses={addresses} chosen={chosenId} onChoose={chooseSaved} />}
      <label className={step.choice.kind === "new" ? "checkout-address__new is-chosen" : "checkout-address__new"}>
        <input type="radio" name="saved-address" checked={step.choice.kind === "new"} onChange={chooseNew} /> New Address
      </label>
      {step.choice.kind === "new" && (
        <form className="form-grid" noValidate aria-label="New Address" onSubmit={(e) => e.preventDefault()}>
          <AddressFields form={form} rules="checkout" idPrefix="checkout-address" />
          <label className="checkbox field--wide">
            <input type="checkbox" checked={keepAddress} onChange={(e) => onKeepAddress(e.target.checked)} /> {KEEP_ADDRESS_LABEL}
          </label>
        </form>
      )}
      <fieldset className="checkout-delivery">
        <legend className="field__label">Delivery method</legend>
        <label className="checkbox">
          <input type="radio" name="delivery" checked readOnly /> Express{shippingfee !== null && <> — {formatShipping(shippingfee)}</>}
        </label>
      </fieldset>
      {noChoice && (
        <p className="field__error" role="alert">
          {CHECKOUT_MSG.noAddress}
        </p>
      )}
      <button type="button" className="button button--block" onClick={onContinue}>
        {continueLabel(step)}
      </button>
    </section>
  );
}
