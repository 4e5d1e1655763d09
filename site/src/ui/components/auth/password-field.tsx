"use client";
/** A password input with its own show/hide toggle (each field reveals alone). */
import { forwardRef, useState, type InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; error?: string };

export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField({ label, id, error, ...input }, ref) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-row">
        <input
          ref={ref}
          id={id}
          type={shown ? "text" : "password"}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <button
          type="button"
          className="password-row__toggle"
          aria-label={shown ? `Hide ${label.replace(/ \*$/, "").toLowerCase()}` : `Show ${label.replace(/ \*$/, "").toLowerCase()}`}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
});

/** The live checklist under a new password. */
export function RuleChecklist({ checks }: { checks: { key: string; message: string; met: boolean }[] }) {
  return (
    <ul className="rule-list" aria-label="Password rules">
      {checks.map((c) => (
        <li key={c.key} className={c.met ? "rule-list__item is-met" : "rule-list__item"} data-met={c.met}>
          <span aria-hidden="true">{c.met ? "✓" : "•"}</span> {c.message}
        </li>
      ))}
    </ul>
  );
}

export function TextField({ label, id, error, children }: { label: string; id: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
