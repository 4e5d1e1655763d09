"use client";
/** The contact fields shared by the made-to-order request and the appointment. */
import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { emailRule } from "@/lib/rules/email";
import { CONTACT_TIMES, MSG, phoneRule, type ContactForm } from "@/lib/rules/requests";

interface Props<T extends FieldValues & ContactForm> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
  /** Made-to-order asks for a preferred delivery date; the appointment for a contact time slot. */
  contactTime: "date" | "slot";
}

function Error({ id, message }: { id: string; message?: unknown }) {
  return typeof message === "string" && message ? (
    <span id={id} className="field__error" role="alert">
      {message}
    </span>
  ) : null;
}

export function ContactFields<T extends FieldValues & ContactForm>({ register, errors, idPrefix, contactTime }: Props<T>) {
  const f = (name: keyof ContactForm) => name as Path<T>;
  const err = (name: keyof ContactForm) => errors[name]?.message;
  const field = (name: keyof ContactForm, label: string, input: React.ReactNode, wide = false) => (
    <div className={`field ${wide ? "field--wide" : ""}`}>
      <label className="field__label" htmlFor={`${idPrefix}-${name}`}>
        {label}
      </label>
      {input}
      <Error id={`${idPrefix}-${name}-error`} message={err(name)} />
    </div>
  );
  const a11y = (name: keyof ContactForm) => ({
    id: `${idPrefix}-${name}`,
    "aria-invalid": Boolean(err(name)),
    "aria-describedby": err(name) ? `${idPrefix}-${name}-error` : undefined,
  });
  return (
    <div className="form-grid">
      {field(
        "firstName",
        "First name *",
        <input {...a11y("firstName")} autoComplete="given-name" {...register(f("firstName"), { validate: (v: string) => v.trim() !== "" || MSG.firstName })} />,
      )}
      {field(
        "lastName",
        "Last name *",
        <input {...a11y("lastName")} autoComplete="family-name" {...register(f("lastName"), { validate: (v: string) => v.trim() !== "" || MSG.lastName })} />,
      )}
      {field(
        "email",
        "Email *",
        <input
          {...a11y("email")}
          type="email"
          autoComplete="email"
          {...register(f("email"), { validate: emailRule({ missing: MSG.email, invalid: MSG.emailFormat }) })}
        />,
      )}
      <div className="field field--phone">
        <span className="field__label" id={`${idPrefix}-phone-label`}>
          Phone *
        </span>
        <div className="phone-row" role="group" aria-labelledby={`${idPrefix}-phone-label`}>
          <input aria-label="Phone code" className="phone-row__code" {...register(f("phoneCode"))} />
          <input
            {...a11y("phone")}
            aria-label="Phone number"
            type="tel"
            autoComplete="tel-national"
            {...register(f("phone"), { validate: (v: string, all: T) => phoneRule(v, String(all.phoneCode ?? "")) })}
          />
        </div>
        <Error id={`${idPrefix}-phone-error`} message={err("phone")} />
      </div>
      {contactTime === "date"
        ? field(
            "contactTime",
            "Preferred delivery date *",
            <input {...a11y("contactTime")} type="date" {...register(f("contactTime"), { validate: (v: string) => v.trim() !== "" || MSG.contactTime })} />,
          )
        : field(
            "contactTime",
            "Preferred contact time *",
            <select {...a11y("contactTime")} {...register(f("contactTime"), { validate: (v: string) => v.trim() !== "" || MSG.contactTime })}>
              <option value="">Choose a time</option>
              {CONTACT_TIMES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>,
          )}
      {field("socialMedia", "Social media (Facebook, Instagram, Zalo…)", <input {...a11y("socialMedia")} {...register(f("socialMedia"))} />)}
      {field("message", "Message", <textarea {...a11y("message")} rows={3} {...register(f("message"))} />, true)}
    </div>
  );
}
