"use client";
/**
 * Sign-up: email, password and confirmation (each with show/hide), title,
 * names, date of birth as month/day/year dropdowns, the marketing-updates
 * consent, CREATE ACCOUNT (LOADING... while busy); success modal, OK home.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError, ok, shop } from "@/lib/api/client";
import { MONTHS, clampDay, dayOptions, toIsoBirthday, yearOptions } from "@/lib/rules/birthday";
import { emailRule } from "@/lib/rules/email";
import { checkPassword, firstUnmet } from "@/lib/rules/passwords";
import { Modal } from "@/ui/components/common/modal";
import { notify } from "@/ui/components/common/notify";
import { PageTitle } from "@/ui/components/common/page-title";
import { PasswordField, RuleChecklist, TextField } from "./password-field";
import { MESSAGES } from "@/lib/messages";

export const SIGN_UP_MSG = {
  emailRequired: MESSAGES.email.MISSING,
  emailFormat: MESSAGES.email.INVALID,
  title: MESSAGES.forms.TITLE_REQUIRED,
  firstName: MESSAGES.forms.FIRST_NAME_REQUIRED,
  lastName: MESSAGES.forms.LAST_NAME_REQUIRED,
  mismatch: MESSAGES.forms.PASSWORDS_DIFFER,
  agree: MESSAGES.forms.MUST_AGREE,
  created: MESSAGES.accounts.CREATED,
  failed: "Registration failed. Please check your details and try again.",
  birthday: MESSAGES.birthday.REQUIRED,
} as const;

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
  title: string;
  firstname: string;
  lastname: string;
  month: string;
  day: string;
  year: string;
  agreeToUpdates: boolean;
}

/** The form field that shows each server field error (every one the register answer may name). */
const FIELD_OF: Record<string, keyof Values> = {
  email: "email",
  password: "password",
  confirmPassword: "confirmPassword",
  title: "title",
  firstname: "firstname",
  lastname: "lastname",
  birthday: "year",
  agreeToUpdates: "agreeToUpdates",
};

/**
 * Puts the answer's field errors under their fields and says what is left for
 * the form's own line: the server repeats its first field error as `message`
 * (a taken email is both), and one message is said once, by its field.
 */
function placeSignUpError(error: unknown, setError: (field: keyof Values, message: string) => void): string {
  if (!(error instanceof ApiError)) return SIGN_UP_MSG.failed;
  const shown: string[] = [];
  for (const [key, message] of Object.entries(error.errors)) {
    const field = FIELD_OF[key];
    if (!field) continue;
    setError(field, message);
    shown.push(message);
  }
  const message = /^Request failed/.test(error.message) ? SIGN_UP_MSG.failed : error.message;
  return shown.includes(message) ? "" : message;
}

export function SignUpForm() {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState("");
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      email: "",
      password: "",
      confirmPassword: "",
      title: "",
      firstname: "",
      lastname: "",
      month: "",
      day: "",
      year: "",
      agreeToUpdates: false,
    },
  });
  const [password, month, year, day] = watch(["password", "month", "year", "day"]);
  const years = useMemo(() => yearOptions(), []);
  const days = dayOptions(month ? Number(month) : undefined, year ? Number(year) : undefined);
  const checks = checkPassword(password, "signUp");

  const adapt = (nextMonth: string, nextYear: string) => {
    const clamped = clampDay(day, nextMonth ? Number(nextMonth) : undefined, nextYear ? Number(nextYear) : undefined);
    if (clamped !== day) setValue("day", clamped);
  };

  const onSubmit = handleSubmit(async (v) => {
    setFormError("");
    try {
      const body = {
        email: v.email.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
        title: v.title,
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        birthday: toIsoBirthday(v.year, v.month, v.day),
        agreeToUpdates: v.agreeToUpdates,
      };
      await ok(shop.POST("/api/auth/register", { body }));
      notify.show(SIGN_UP_MSG.created, "success");
      setDone(true);
    } catch (error) {
      setFormError(placeSignUpError(error, (field, message) => setError(field, { type: "server", message })));
    }
  });

  const a11y = (name: keyof Values) => ({
    id: `signup-${name}`,
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `signup-${name}-error` : undefined,
  });

  return (
    <div className="container section narrow auth-page">
      <PageTitle sub="Create an account to follow your orders, keep a wishlist and check out faster.">CREATE ACCOUNT</PageTitle>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Create account">
        <TextField id="signup-email" label="Email *" error={errors.email?.message}>
          <input
            {...a11y("email")}
            type="email"
            autoComplete="email"
            {...register("email", { validate: emailRule({ missing: SIGN_UP_MSG.emailRequired, invalid: SIGN_UP_MSG.emailFormat }) })}
          />
        </TextField>
        <PasswordField
          id="signup-password"
          label="Password *"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password", { validate: (v) => firstUnmet(v, "signUp") })}
        />
        <RuleChecklist checks={checks} />
        <PasswordField
          id="signup-confirmPassword"
          label="Confirm password *"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword", { validate: (v, all) => v === all.password || SIGN_UP_MSG.mismatch })}
        />
        <TextField id="signup-title" label="Title *" error={errors.title?.message}>
          <select {...a11y("title")} {...register("title", { validate: (v) => v !== "" || SIGN_UP_MSG.title })}>
            <option value="">Select</option>
            <option value="Ms">Ms</option>
            <option value="Mr">Mr</option>
          </select>
        </TextField>
        <div className="form-grid">
          <TextField id="signup-firstname" label="First name *" error={errors.firstname?.message}>
            <input {...a11y("firstname")} autoComplete="given-name" {...register("firstname", { validate: (v) => v.trim() !== "" || SIGN_UP_MSG.firstName })} />
          </TextField>
          <TextField id="signup-lastname" label="Last name *" error={errors.lastname?.message}>
            <input {...a11y("lastname")} autoComplete="family-name" {...register("lastname", { validate: (v) => v.trim() !== "" || SIGN_UP_MSG.lastName })} />
          </TextField>
        </div>
        <fieldset className="birthday">
          <legend className="field__label">Date of birth *</legend>
          <div className="birthday__row">
            <select
              aria-label="Month"
              {...register("month", {
                validate: (v, all) => Boolean(v && all.day && all.year) || SIGN_UP_MSG.birthday,
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => adapt(e.target.value, year),
              })}
            >
              <option value="">Month</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <select aria-label="Day" {...register("day", { deps: "month" })}>
              <option value="">Day</option>
              {days.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
            <select
              aria-label="Year"
              {...register("year", { deps: "month", onChange: (e: React.ChangeEvent<HTMLSelectElement>) => adapt(month, e.target.value) })}
            >
              <option value="">Year</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          {(errors.month || errors.year) && (
            <span className="field__error" role="alert">
              {errors.month?.message ?? errors.year?.message}
            </span>
          )}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...register("agreeToUpdates", { validate: (v) => v || SIGN_UP_MSG.agree })} /> I would like to receive updates about new
          collections, events and offers.
        </label>
        {errors.agreeToUpdates && (
          <span className="field__error" role="alert">
            {errors.agreeToUpdates.message}
          </span>
        )}
        <p className="muted small">
          By creating an account you accept our <Link href="/terms-and-conditions/">Terms and Conditions</Link> and{" "}
          <Link href="/privacy-policy/">Privacy Policy</Link>.
        </p>
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? "LOADING..." : "CREATE ACCOUNT"}
        </button>
      </form>
      <Modal open={done} title="ACCOUNT CREATED" onClose={() => router.push("/")}>
        <p>{SIGN_UP_MSG.created}</p>
        <button type="button" className="button button--block" onClick={() => router.push("/")}>
          OK
        </button>
      </Modal>
    </div>
  );
}
