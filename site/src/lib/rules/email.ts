/**
 * The one email rule of every form (sign-up, login, forgot password,
 * made-to-order, appointment), the server's own (`EmailAddress::parse` in
 * shared/domain), so the site never refuses an address the server takes,
 * internationalised ones included: `đặng.thu@example.com`,
 * `josé@exämple.com`, `ada@xn--exmple-cua.com`. Each form keeps its own
 * messages (spec section 5); this only says what is wrong. Like the server,
 * it reads the address trimmed and composed (NFC), and counts characters
 * (code points), not bytes or UTF-16 units.
 */

export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;

/** What a local part may not hold: whitespace, control characters and `"(),:;<>[\]@`. */
const LOCAL_FORBIDDEN = /[\p{White_Space}\p{Cc}"(),:;<>[\]\\@]/u;
/** A domain label: letters, digits, marks and '-' (Rust's `is_alphanumeric` or a mark), no '-' at either end. */
const LABEL = /^[\p{Alphabetic}\p{N}\p{M}](?:[\p{Alphabetic}\p{N}\p{M}-]*[\p{Alphabetic}\p{N}\p{M}])?$/u;
/** The top-level label: alphabetic (Rust's `is_alphabetic`, which takes the vowel signs of भारत), or punycode. */
const TLD = /^(?:\p{Alphabetic}{2,}|xn--[a-z0-9-]+)$/iu;

const length = (s: string) => [...s].length;

/**
 * Whether the domain has an ASCII (punycode) form, as mail needs: the URL
 * parser runs the same IDNA mapping (UTS 46) as the server's `idna` crate.
 */
function hasAsciiForm(domain: string): boolean {
  try {
    return new URL(`http://${domain}/`).hostname !== "";
  } catch {
    return false;
  }
}

export type EmailProblem = "missing" | "invalid";

/** What is wrong with a typed address (trimmed first), or null when it is a valid one. */
export function emailProblem(raw: string): EmailProblem | null {
  const email = raw.trim().normalize("NFC");
  if (email === "") return "missing";
  return isWellFormed(email) ? null : "invalid";
}

export function isEmail(raw: string): boolean {
  return emailProblem(raw) === null;
}

function isWellFormed(email: string): boolean {
  if (length(email) > EMAIL_MAX) return false;
  const parts = email.split("@");
  if (parts.length !== 2) return false;
  const [local = "", domain = ""] = parts;
  const localOk =
    length(local) >= 1 && length(local) <= LOCAL_MAX && !LOCAL_FORBIDDEN.test(local) && !local.startsWith(".") && !local.endsWith(".") && !local.includes("..");
  if (!localOk) return false;
  const labels = domain.split(".");
  const tld = labels.at(-1) ?? "";
  return labels.length >= 2 && labels.every((l) => length(l) <= LABEL_MAX && LABEL.test(l)) && TLD.test(tld) && hasAsciiForm(domain);
}

/**
 * A react-hook-form `validate` for an email field: `messages.missing` for a
 * blank field, `messages.invalid` for a malformed address.
 */
export function emailRule(messages: Record<EmailProblem, string>) {
  return (value: string): true | string => {
    const problem = emailProblem(value);
    return problem === null ? true : messages[problem];
  };
}
