"use client";
/** The three-step made-to-order request: Information, Measurements, Terms & Conditions. */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ok, shop } from "@/lib/api/client";
import {
  MEASUREMENTS,
  MEASUREMENT_LABELS,
  MEASUREMENT_UNITS,
  MSG,
  emptyContact,
  emptyMeasurements,
  madeToOrderBody,
  measurementRule,
  shownMeasurement,
  unitOf,
  type MadeToOrderForm,
} from "@/lib/rules/requests";
import { Modal } from "@/ui/components/common/modal";
import { StatusBanner, useTimedStatus } from "@/ui/components/common/status-banner";
import { ContactFields } from "./contact-fields";
import { applyServerErrors } from "./server-errors";

export const STEPS = ["Information", "Measurements", "Terms & Conditions"] as const;
const STEP0 = ["firstName", "lastName", "email", "phoneCode", "phone", "contactTime", "message", "socialMedia"] as const;

/** What the shopper sent, shown back once the house has it. */
type Sent = { reference: string; body: ReturnType<typeof madeToOrderBody> };

interface Props {
  open: boolean;
  productName: string;
  onClose: () => void;
}

export function MadeToOrderModal({ open, productName, onClose }: Props) {
  const [step, setStep] = useState(0);
  const [sent, setSent] = useState<Sent | null>(null);
  const [status, setStatus] = useTimedStatus();
  // Measurements start empty, not 0: a typed 168 stays 168, and a field left alone is sent as not given.
  const defaults: MadeToOrderForm = { ...emptyContact(), ...emptyMeasurements(), nameProduct: productName, measurementUnit: "cm", agree: false };
  const { register, handleSubmit, trigger, setError, watch, formState } = useForm<MadeToOrderForm>({ defaultValues: defaults, mode: "onSubmit" });
  const errors = formState.errors;
  const unit = watch("measurementUnit");

  const next = async () => {
    if (step === 0 && !(await trigger([...STEP0]))) return;
    if (step === 1 && !(await trigger([...MEASUREMENTS]))) return;
    setStep((s) => Math.min(2, s + 1));
  };
  const back = () => setStep((s) => Math.max(0, s - 1));

  const submit = handleSubmit(async (form) => {
    try {
      const body = madeToOrderBody(form);
      const answer = await ok(shop.POST("/api/made-to-order", { body }));
      setStatus({ kind: "success", text: MSG.orderOk });
      setSent({ reference: answer.data.id, body });
    } catch (error) {
      const landed = applyServerErrors(error, [...STEP0, ...MEASUREMENTS, "measurementUnit"], setError);
      if (landed.some((f) => (STEP0 as readonly string[]).includes(f))) setStep(0);
      else if (landed.length) setStep(1);
      setStatus({ kind: "error", text: MSG.orderFail });
    }
  });

  if (sent) {
    const { measurementUnit, ...sizes } = sent.body.customSizeOrder;
    return (
      <Modal open={open} onClose={onClose} title="MADE TO ORDER" size="lg">
        <div className="mto-sent">
          <h3 className="mto-sent__title">REQUEST SENT</h3>
          <StatusBanner status={status} />
          <p>
            Your reference: <strong>{sent.reference}</strong>
          </p>
          <dl className="mto-sent__sizes">
            <div>
              <dt>Product</dt>
              <dd>{sizes.nameProduct}</dd>
            </div>
            <div>
              <dt>Measurement unit</dt>
              <dd>{measurementUnit}</dd>
            </div>
            {MEASUREMENTS.map((m) => (
              <div key={m}>
                <dt>{MEASUREMENT_LABELS[m]}</dt>
                <dd>{shownMeasurement(sizes[m], m, measurementUnit)}</dd>
              </div>
            ))}
          </dl>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              CLOSE
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="MADE TO ORDER" size="lg">
      <ol className="steps" aria-label="Steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={`steps__item ${i === step ? "steps__item--on" : ""} ${i < step ? "steps__item--done" : ""}`}
            aria-current={i === step ? "step" : undefined}
          >
            <span className="steps__num">{i + 1}</span> {label}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate className="mto-form">
        <div hidden={step !== 0}>
          <ContactFields register={register} errors={errors} idPrefix="mto" contactTime="date" />
        </div>
        <div hidden={step !== 1}>
          <div className="form-grid">
            <div className="field field--wide">
              <label className="field__label" htmlFor="mto-nameProduct">
                Product
              </label>
              <input id="mto-nameProduct" {...register("nameProduct")} readOnly />
            </div>
            <div className="field field--wide">
              <span className="field__label" id="mto-unit">
                Measurement unit
              </span>
              <div className="chips" role="radiogroup" aria-labelledby="mto-unit">
                {MEASUREMENT_UNITS.map((u) => (
                  <label key={u} className={`chip ${unit === u ? "chip--on" : ""}`}>
                    <input type="radio" value={u} {...register("measurementUnit")} />
                    {u}
                  </label>
                ))}
              </div>
              {errors.measurementUnit?.message && (
                <span className="field__error" role="alert">
                  {errors.measurementUnit.message}
                </span>
              )}
            </div>
            {MEASUREMENTS.map((m) => (
              <div className="field" key={m}>
                <label className="field__label" htmlFor={`mto-${m}`}>
                  {MEASUREMENT_LABELS[m]} ({unitOf(m, unit)})
                </label>
                <input
                  id={`mto-${m}`}
                  type="number"
                  min={0}
                  step="0.1"
                  inputMode="decimal"
                  aria-invalid={Boolean(errors[m])}
                  aria-describedby={errors[m] ? `mto-${m}-error` : undefined}
                  {...register(m, { validate: measurementRule })}
                />
                {errors[m]?.message && (
                  <span id={`mto-${m}-error`} className="field__error" role="alert">
                    {errors[m]?.message}
                  </span>
                )}
              </div>
            ))}
          </div>
        </div>
        <div hidden={step !== 2}>
          <div className="terms-box">
            <p>
              Each made-to-order piece is cut and sewn by hand in our Ho Chi Minh City atelier to the measurements you give. Our team contacts you to confirm
              measurements, fabric and delivery date before work begins. A deposit confirms the order; because the piece is made for you alone, it cannot be
              returned or exchanged, but one complimentary fitting adjustment is included.
            </p>
          </div>
          <label className="checkbox">
            <input type="checkbox" aria-invalid={Boolean(errors.agree)} {...register("agree", { validate: (v) => v === true || MSG.terms })} />I have read and
            agree to the Terms & Conditions.
          </label>
          {errors.agree?.message && (
            <span className="field__error" role="alert">
              {errors.agree.message}
            </span>
          )}
        </div>
        <StatusBanner status={status} />
        <div className="modal__actions">
          {step > 0 && (
            <button type="button" className="button button--outline" onClick={back}>
              BACK
            </button>
          )}
          {/* Keyed apart: were NEXT's button reused as SUBMIT, the click that leaves step 2 would submit the form
              (the button is already type=submit when the browser acts on the click) and flag the unticked terms. */}
          {step < 2 ? (
            <button key="next" type="button" className="button" onClick={next}>
              NEXT
            </button>
          ) : (
            <button key="submit" type="submit" className="button" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Loading..." : "SUBMIT"}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
