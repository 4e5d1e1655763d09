/**
 * The journeys' shoppers: each one new (its own email), registered and
 * signed in through the API inside a browser context, so the context's
 * cookies are its session; and the address a checkout fills in.
 */
import { assert } from "./harness.mjs";

export const PASSWORD = "Couture1!";
/** The sandbox's card that is always approved. */
export const CARD_OK = "4111111111111111";

let serial = 0;
/** An address no other shopper of this run has. */
export const newEmail = (tag) => `${tag}.${Date.now().toString(36)}${(serial += 1)}@example.com`;

/** Registers a new shopper through the API in `context`; its email. */
export async function register(context, base, tag, lastname = "Tran") {
  const email = newEmail(tag);
  const reg = await context.request.post(`${base}/api/auth/register`, {
    headers: { Origin: base },
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, title: "Ms", firstname: "Linh", lastname, birthday: "1994-02-28", agreeToUpdates: true },
  });
  assert(reg.ok(), `register ${reg.status()} ${await reg.text()}`);
  return email;
}

/** Signs `email` in through the API, so `context`'s cookies are the session. */
export async function signIn(context, base, email) {
  const login = await context.request.post(`${base}/api/auth/login`, { headers: { Origin: base }, data: { email, password: PASSWORD, isRememberMe: false } });
  assert(login.ok(), `login ${login.status()}`);
}

/** A new shopper registered and signed in through the API; its email. */
export async function signedInShopper(context, base, tag, lastname) {
  const email = await register(context, base, tag, lastname);
  await signIn(context, base, email);
  return email;
}

/** Fills the checkout's New Address form (a Vietnamese address the sandbox ships to). */
export async function fillNewAddress(page) {
  await page.getByRole("radio", { name: "New Address" }).check();
  const form = page.getByRole("form", { name: "New Address" });
  await form.getByLabel("First name *").fill("Linh");
  await form.getByLabel("Last name *").fill("Tran");
  await form.getByLabel("Country *").selectOption("Vietnam");
  await form.getByLabel("State / Province *").selectOption("Ho Chi Minh City");
  await form.getByLabel("City *").selectOption("District 1");
  await form.getByLabel("Postal code *").fill("700000");
  await form.getByLabel("Street *").fill("68 Dong Khoi");
  await form.getByLabel("Phone *").fill("901234567");
}

/** Saves a default address titled `title` to the signed-in shopper's book through the API (a Vietnamese one the sandbox ships to). */
export async function saveAddress(context, base, title) {
  const address = {
    title,
    firstName: "Mai",
    lastName: "Pham",
    country: "Vietnam",
    state: "Ho Chi Minh City",
    city: "District 3",
    street: "12 Vo Van Tan",
    zipCode: "700000",
    phone: "912345678",
    phoneCode: "+84",
    isDefault: true,
  };
  const saved = await context.request.post(`${base}/api/addresses`, { headers: { Origin: base }, data: address });
  assert(saved.ok(), `the shopper saves an address (${saved.status()} ${await saved.text()})`);
}
