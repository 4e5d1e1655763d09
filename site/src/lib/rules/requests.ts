/** Made-to-order and appointment requests: the spec's messages, rules and bodies. */
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

export const DEFAULT_PHONE_CODE = "+84";

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

export interface MadeToOrderForm extends ContactForm {
  nameProduct: string;
  measurementUnit: "cm" | "in";
  height: number;
  weight: number;
  bust: number;
  waist: number;
  hips: number;
  shoulderWidth: number;
  armLength: number;
  neckCircumference: number;
  agree: boolean;
}

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

const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

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

/** The made-to-order body: measurements as numbers (0 by default); the unit is kept in the form only. */
export function madeToOrderBody(f: MadeToOrderForm) {
  return {
    ...contactBody(f),
    customSizeOrder: {
      nameProduct: f.nameProduct,
      height: num(f.height),
      weight: num(f.weight),
      bust: num(f.bust),
      waist: num(f.waist),
      hips: num(f.hips),
      shoulderWidth: num(f.shoulderWidth),
      armLength: num(f.armLength),
      neckCircumference: num(f.neckCircumference),
    },
  };
}
