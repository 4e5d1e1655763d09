/**
 * The passkey ceremonies, with @simplewebauthn/browser: the server (webauthn-rs)
 * sends its options as `{ publicKey: {...} }` with base64url binary fields,
 * which the helper hands to the browser, and takes back the credential's JSON.
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { atelier } from "./client";
import type { Role, StaffView } from "./types";

export interface Enrolment {
  ceremony: string;
  email: string;
  name: string;
  role: Role;
  options: { publicKey: PublicKeyCredentialCreationOptionsJSON };
}

/** Opens an invitation: who it is for, and the ceremony to create their passkey. */
export function beginEnrolment(token: string): Promise<Enrolment> {
  return atelier.post<Enrolment>("/enrolment/begin", { token });
}

/** Creates the passkey in the browser and enrols it (the server then signs the member in). */
export async function finishEnrolment(enrolment: Enrolment): Promise<StaffView> {
  const credential = await startRegistration({ optionsJSON: enrolment.options.publicKey });
  const { staff } = await atelier.post<{ staff: StaffView }>("/enrolment/finish", { ceremony: enrolment.ceremony, credential });
  return staff;
}

/** Signs in with a passkey the browser holds (discoverable: no email asked). */
export async function signInWithPasskey(): Promise<StaffView> {
  const { ceremony, options } = await atelier.post<{ ceremony: string; options: { publicKey: PublicKeyCredentialRequestOptionsJSON } }>("/sign-in/begin", {});
  const credential = await startAuthentication({ optionsJSON: options.publicKey });
  const { staff } = await atelier.post<{ staff: StaffView }>("/sign-in/finish", { ceremony, credential });
  return staff;
}

/** The browser said no (cancelled, timed out, no passkey): its words are not for the member. */
export function ceremonyRefused(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
