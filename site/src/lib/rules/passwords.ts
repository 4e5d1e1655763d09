/** Password rules of sign-up, reset and change (spec section 5), with the checklist texts. */
import { MESSAGES } from "@/lib/messages";

export const PASSWORD_RULES = {
  length: MESSAGES.password.NEED_LENGTH,
  digit: MESSAGES.password.NEED_DIGIT,
  special: MESSAGES.password.NEED_SPECIAL,
} as const;

/** Sign-up and reset also accept & and the quote; change password does not. */
export type PasswordFlavor = "signUp" | "reset" | "change";

const BASE_SPECIALS = "!+,-./:;<=?@";

export function specials(flavor: PasswordFlavor): string {
  return flavor === "change" ? BASE_SPECIALS : `${BASE_SPECIALS}&"`;
}

export interface RuleCheck {
  key: keyof typeof PASSWORD_RULES;
  message: string;
  met: boolean;
}

export function checkPassword(password: string, flavor: PasswordFlavor): RuleCheck[] {
  const set = specials(flavor);
  return [
    { key: "length", message: PASSWORD_RULES.length, met: password.length >= 8 },
    { key: "digit", message: PASSWORD_RULES.digit, met: /[0-9]/.test(password) },
    { key: "special", message: PASSWORD_RULES.special, met: [...password].some((c) => set.includes(c)) },
  ];
}

export function meetsRules(password: string, flavor: PasswordFlavor): boolean {
  return checkPassword(password, flavor).every((r) => r.met);
}

/** The first unmet rule's message, or true. */
export function firstUnmet(password: string, flavor: PasswordFlavor): true | string {
  return checkPassword(password, flavor).find((r) => !r.met)?.message ?? true;
}
