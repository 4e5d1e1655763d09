/** Made-to-order and appointment requests: the spec's messages, rules and bodies. */
import type { MeasurementUnit } from "@/lib/api/types";
import { DEFAULT_PHONE_CODE } from "@/lib/formats";
import { MESSAGES } from "@/lib/messages";

export const MSG = {
  firstName: MESSAGES.requests.FIRST_NAME_REQUIRED,
  lastName: MESSAGES.requests.LAST_NAME_REQUIRED,
  email: MESSAGES.requests.EMAIL_REQUIRED,
  // The server's word for an address it cannot take (the spec names none here).
  emailFormat: MESSAGES.requests.EMAIL_INVALID,
  phone: MESSAGES.requests.PHONE_REQUIRED,
  contactTime: MESSAGES.requests.CONTACT_TIME_REQUIRED,
  terms: "You must agree to the Terms & Conditions before proceeding.",
  // The server's words for a measurement it cannot take, and for one left alone.
  measurement: MESSAGES.requests.MEASUREMENT_INVALID,
  notGiven: MESSAGES.requests.NOT_GIVEN,
  orderOk: MESSAGES.requests.MADE_TO_ORDER_SUBMITTED,
  orderFail: "We’re sorry, but we couldn’t submit your order at the moment. Please try again later.",
  bookingOk: MESSAGES.requests.APPOINTMENT_BOOKED,
  bookingFail: "Book an Apointment fail. Please try again.",
} as const;

export const CONTACT_TIMES = [
  { value: "any", label: "Any time" },
  { value: "9-12", label: "9:00 - 12:00" },
  { value: "12-15", label: "12:00 - 15:00" },
  { value: "15-18", label: "15:00 - 18:00" },
] as const;

export interface ContactForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phone: string;
  contactTime: string;
  message: string;
  socialMedia: string;
}

export const MEASUREMENTS = ["height", "weight", "bust", "waist", "hips", "shoulderWidth", "armLength", "neckCircumference"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  height: "Height",
  weight: "Weight",
  bust: "Bust",
  waist: "Waist",
  hips: "Hips",
  shoulderWidth: "Shoulder width",
  armLength: "Arm length",
  neckCircumference: "Neck circumference",
};

/** The contract's units, each once, as the form offers them (the record makes a unit the contract adds a type error here). */
const OFFERED: Record<MeasurementUnit, true> = { cm: true, in: true };
export const MEASUREMENT_UNITS = Object.keys(OFFERED) as MeasurementUnit[];

/** What a measurement is counted in: lengths in the chosen unit, the weight in kg or lb to go with it. */
export function unitOf(m: Measurement, unit: MeasurementUnit): string {
  if (m !== "weight") return unit;
  return unit === "cm" ? "kg" : "lb";
}

/** The measurements as typed: "" is a field left alone (not given), never 0. */
export type MeasurementFields = Record<Measurement, string>;

export interface MadeToOrderForm extends ContactForm, MeasurementFields {
  nameProduct: string;
  measurementUnit: MeasurementUnit;
  agree: boolean;
}

export const emptyMeasurements = (): MeasurementFields => ({
  height: "",
  weight: "",
  bust: "",
  waist: "",
  hips: "",
  shoulderWidth: "",
  armLength: "",
  neckCircumference: "",
});

/** The range the server takes (its MEASUREMENT_INVALID names it): above 0 and short of absurd. */
const MEASURE_MIN = 0.1;
const MEASURE_MAX = 999.9;

/** A measurement is left alone or a number in the server's range. */
export function measurementRule(value: string): true | string {
  const text = value.trim();
  if (text === "") return true;
  const n = Number(text);
  return Number.isFinite(n) && n >= MEASURE_MIN && n <= MEASURE_MAX ? true : MSG.measurement;
}

/** A measurement as sent: a number, or null when left alone. */
const measure = (value: string): number | null => (value.trim() === "" ? null : Number(value));

export const emptyContact = (): ContactForm => ({
  firstName: "",
  lastName: "",
  email: "",
  phoneCode: DEFAULT_PHONE_CODE,
  phone: "",
  contactTime: "",
  message: "",
  socialMedia: "",
});

/** The phone is required only when both the phone and its code are empty. */
export function phoneRule(phone: string, phoneCode: string): true | string {
  return phone.trim() || phoneCode.trim() ? true : MSG.phone;
}

export function contactBody(f: ContactForm): ContactForm {
  return {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    email: f.email.trim(),
    phoneCode: f.phoneCode.trim(),
    phone: f.phone.trim(),
    contactTime: f.contactTime,
    message: f.message,
    socialMedia: f.socialMedia.trim(),
  };
}

/** The made-to-order body: the unit, and each measurement as a number or null (not given). */
export function madeToOrderBody(f: MadeToOrderForm) {
  return {
    ...contactBody(f),
    customSizeOrder: {
      nameProduct: f.nameProduct,
      measurementUnit: f.measurementUnit,
      height: measure(f.height),
      weight: measure(f.weight),
      bust: measure(f.bust),
      waist: measure(f.waist),
      hips: measure(f.hips),
      shoulderWidth: measure(f.shoulderWidth),
      armLength: measure(f.armLength),
      neckCircumference: measure(f.neckCircumference),
    },
  };
}

/** How the request shows a measurement it was sent: "168 cm", "52 kg", or "not given". */
export function shownMeasurement(value: number | null | undefined, m: Measurement, unit: MeasurementUnit): string {
  return value == null ? MSG.notGiven : `${value} ${unitOf(m, unit)}`;
}
