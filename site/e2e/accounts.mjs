/**
 * Journeys of a customer: sign up, sign in, the welcome panel and the account
 * area (profile, orders, wishlist, addresses), password reset from the emailed
 * link, the shopping bag, and the session guard. Each shopper is new, so the
 * journeys run in parallel on one shop.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { axeViolations, describe } from "./a11y.mjs";
import { WIDTHS, assert, freshPage, hydrated, shoot, until } from "./harness.mjs";
import { shopctl } from "./server.mjs";
import { PASSWORD, newEmail, signedInShopper } from "./shoppers.mjs";

let serial = 0;

/** A local day as the calendar names it (yyyy-mm-dd) and as My Orders shows it (mm/dd/yyyy). */
const pad = (n) => String(n).padStart(2, "0");
const isoDay = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const usDay = (d) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

/** Registers and signs in through the API inside a browser context, so its cookies are the session. */
async function signedInContext(browser, base, size, tag) {
  const { page, context, problems } = await freshPage(browser, size);
  const email = await signedInShopper(context, base, tag, "Trần");
  return { page, context, problems, email };
}

/** The link to `path` in the newest email to `email`, on `base` (waits up to 5 s for the mail). */
export async function emailedLink(dataDir, email, path, base) {
  const pattern = new RegExp(`https?://[^\\s"<>]*/${path}/?\\?token=[A-Za-z0-9_\\-.%]+`);
  const link = await until(() => pattern.exec(newestMail(dataDir, email) ?? "")?.[0], `a ${path} link emailed to ${email}`);
  return link.replace(/^https?:\/\/[^/]+/, base);
}

/** The newest email in the outbox that contains `needle`, with quoted-printable soft breaks undone. */
/** Opens the header's account panel once the page is hydrated. */
export async function openAccount(page) {
  await hydrated(page);
  await page.getByRole("button", { name: "Account" }).click();
  return page.getByRole("dialog", { name: "Account" });
}

/** On the reset page with the new password typed: saves it, then signs in with it from the home page. */
export async function saveResetThenSignIn(page, base, email, password) {
  await page.getByRole("button", { name: "Save" }).click();
  const done = page.getByRole("dialog", { name: "PASSWORD RESET" });
  await done.getByText("Your password has been reset successfully.").waitFor();
  await done.getByRole("button", { name: "OK" }).click();
  await page.waitForURL(`${base}/`);
  const panel = await openAccount(page);
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(password);
  await Promise.all([page.waitForEvent("load"), panel.getByRole("button", { name: "LOGIN" }).click()]);
  await (await openAccount(page)).getByRole("link", { name: "GO TO MY ACCOUNT" }).waitFor();
}

/** The newest email that contains `needle`, waiting up to 5 s for it. */
async function newestMailWith(dataDir, needle) {
  return until(() => newestMail(dataDir, needle), `an email that says "${needle}"`);
}

function newestMail(dataDir, needle) {
  const dir = join(dataDir, "outbox");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files) {
    const text = readFileSync(join(dir, f), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (text.includes(needle)) return text;
  }
  return null;
}

/**
 * Places an order for the signed-in shopper the way the payment function
 * will store it (one item of the embedded table, as the API tests do): the
 * checkout API is not part of this site release. Awaiting confirmation, at
 * Express shipping, unless told otherwise.
 */
function placeOrder(dataDir, userId, product, { status = "awaiting_confirmation", shippingfee = 56.9 } = {}) {
  // Digits only: order ids are ULIDs (Crockford base 32, no I, L, O or U).
  const tail = `${Date.now()}${(serial += 1)}`;
  const id = `01E2E${"0".repeat(26)}`.slice(0, 26 - tail.length) + tail;
  const at = new Date().toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
  const item = {
    pk: `USER#${userId}`,
    sk: `ORDER#${id}`,
    gsi1pk: `ORDERS#${status}`,
    gsi1sk: id,
    id,
    userId,
    status,
    createdAt: at,
    updatedAt: at,
    subtotal: product.price,
    shippingfee,
    items: [
      {
        product: { id: product.id, slug: product.slug, name: product.name, productGallery: product.productGallery },
        category: "Set",
        color: product.color[0],
        size: "custom",
        quantity: 1,
        price: product.price,
      },
    ],
    // Every order has where it ships and how it was paid.
    shippingAddress: {
      title: "",
      firstName: "Linh",
      lastName: "Tran",
      street: "68 Dong Khoi",
      city: "District 1",
      state: "Ho Chi Minh City",
      country: "Vietnam",
      zipCode: "700000",
      phoneCode: "+84",
      phone: "0901234567",
    },
    payment: {
      provider: "card",
      reference: `tx-${id}`,
      method: { kind: "card", cardType: "VISA", last4: "1111" },
      amount: product.price + shippingfee,
      status: "SUBMITTED_FOR_SETTLEMENT",
    },
  };
  const script =
    "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], timeout=10); c.execute('INSERT INTO items (pk, sk, gsi1pk, gsi1sk, body) VALUES (?,?,?,?,?)', sys.argv[2:7]); c.commit()";
  const res = spawnSync("python3", ["-c", script, join(dataDir, "shop.sqlite"), item.pk, item.sk, item.gsi1pk, item.gsi1sk, JSON.stringify(item)], {
    encoding: "utf8",
  });
  assert(res.status === 0, `placing the order failed: ${res.stderr}`);
  return id;
}

export function accountJourneys({ browser, base, shop, products }) {
  const productUrl = (p) => `/shop/product/${p.id}/${p.slug}/`;
  const withColor = products.filter((p) => p.color.length > 0);
  const [first] = withColor;
  const heading = (page, text) => page.getByRole("heading", { level: 1 }).filter({ hasText: text }).first().waitFor();

  return [
    {
      name: "sign up (every rule) → sign in (errors) → welcome panel → account page",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.mobile);
        await page.goto(`${base}/sign-up/`);
        await heading(page, "CREATE ACCOUNT");
        await page.getByRole("button", { name: "CREATE ACCOUNT" }).click();
        for (const text of [
          "Email is required",
          "Please enter at least 8 characters.",
          "Title is required",
          "First name is required",
          "Last name is required",
          "You must agree to receive updates before creating an account.",
        ]) {
          await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
        }
        await page.getByLabel("Email *").fill("not-an-email");
        await page.getByLabel("Password *", { exact: true }).fill("abcdefgh");
        await page.getByLabel("Confirm password *").fill("different");
        await page.getByRole("button", { name: "CREATE ACCOUNT" }).click();
        await page.getByText("Invalid email format").waitFor();
        await page.getByRole("alert").filter({ hasText: "Please enter at least one number." }).waitFor();
        await page.getByText("Password and confirm password do not match.").waitFor();
        // The checklist follows the typing.
        await page.getByLabel("Password *", { exact: true }).fill(PASSWORD);
        assert((await page.locator('.rule-list [data-met="true"]').count()) === 3, "all three rules met");
        await page.getByRole("button", { name: "Show password" }).click();
        assert((await page.getByLabel("Password *", { exact: true }).getAttribute("type")) === "text", "show reveals the password");
        assert((await page.getByLabel("Confirm password *").getAttribute("type")) === "password", "each field reveals alone");
        // Birthday dropdowns adapt to month length and leap years.
        await page.getByLabel("Month").selectOption("02");
        await page.getByLabel("Year").selectOption("2023");
        assert((await page.getByLabel("Day").locator("option").count()) === 29, "February 2023 has 28 days (+ placeholder)");
        await page.getByLabel("Year").selectOption("2024");
        assert((await page.getByLabel("Day").locator("option").count()) === 30, "February 2024 has 29 days");
        const years = await page.getByLabel("Year").locator("option").allTextContents();
        // This year as the page's clock has it (not the runner's: they differ at midnight on New Year's Eve).
        const thisYear = await page.evaluate(() => String(new Date().getFullYear()));
        assert(years[1] === thisYear && years.at(-1) === "1900", `years from ${thisYear} to 1900: ${years[1]}…${years.at(-1)}`);
        await page.getByLabel("Day").selectOption("29");
        await page.getByText("Date of birth is required").waitFor({ state: "detached" });
        const email = newEmail("signup");
        await page.getByLabel("Email *").fill(email);
        await page.getByLabel("Confirm password *").fill(PASSWORD);
        await page.getByLabel("Title *").selectOption("Ms");
        await page.getByLabel("First name *").fill("Đào");
        await page.getByLabel("Last name *").fill("Nguyễn");
        await page.getByRole("checkbox").check();
        await shoot(page, "sign-up-filled");
        // Sign-up's busy label is the spec's 'LOADING...' (the login panel's is 'Loading...'). The held
        // request goes on once released; the route stays, letting any later one straight through.
        let answerSignUp;
        const signUpHeld = new Promise((resolve) => (answerSignUp = resolve));
        await page.route("**/api/auth/register", async (route) => {
          await signUpHeld;
          await route.continue();
        });
        await page.getByRole("button", { name: "CREATE ACCOUNT" }).click();
        const signingUp = page.getByRole("button", { name: "LOADING...", exact: true });
        await signingUp.waitFor();
        assert((await signingUp.innerText()) === "LOADING...", "the busy CREATE ACCOUNT button shows 'LOADING...'");
        answerSignUp();
        const done = page.getByRole("dialog", { name: "ACCOUNT CREATED" });
        await done.getByText("Account created successfully. Please Login.").waitFor();
        await shoot(page, "sign-up-success");
        await done.getByRole("button", { name: "OK" }).click();
        await page.waitForURL(`${base}/`);

        let panel = await openAccount(page);
        await panel.getByRole("button", { name: "LOGIN" }).click();
        await panel.getByText("Please enter your email.").waitFor();
        await panel.getByText("Please enter your password.").waitFor();
        await panel.getByLabel("Email").fill(email);
        await panel.getByLabel("Password", { exact: true }).fill("Wrong-pass1!");
        await panel.getByRole("button", { name: "LOGIN" }).click();
        // The server's text mentions the password, so it shows by the password field.
        await panel.locator("#login-password-error").filter({ hasText: "Incorrect email or password." }).waitFor();
        await shoot(page, "login-error");
        await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await panel.getByRole("checkbox", { name: "Remember me" }).check();
        // While the sign-in is on its way the button reads 'Loading...', on screen and to a screen reader.
        let answerLogin;
        const loginHeld = new Promise((resolve) => (answerLogin = resolve));
        await page.route("**/api/auth/login", async (route) => {
          await loginHeld;
          await route.continue();
        });
        await panel.getByRole("button", { name: "LOGIN" }).click();
        const busy = panel.getByRole("button", { name: "Loading...", exact: true });
        await busy.waitFor();
        const busyText = await busy.innerText();
        await shoot(page, "login-busy");
        assert(busyText === "Loading...", `the busy LOGIN button shows 'Loading...': ${busyText}`);
        await Promise.all([page.waitForEvent("load"), answerLogin()]);
        panel = await openAccount(page);
        // The first name she gave (accents removed, đ as d), not her email's local part.
        await panel.getByRole("heading", { name: "WELCOME, Dao", exact: true }).waitFor();
        await panel.getByRole("button", { name: "(Logout)" }).waitFor();
        await shoot(page, "welcome-panel");
        await panel.getByRole("link", { name: "GO TO MY ACCOUNT" }).click();
        await page.waitForURL(/\/me\/account\/$/);
        await page.getByTestId("profile-name").filter({ hasText: "Dao Nguyen" }).waitFor();
        await page.getByTestId("profile-birthday").filter({ hasText: "02/29/2024" }).waitFor();
        await shoot(page, "my-account");
        await context.close();
      },
    },
    {
      name: "my account: profile edit and change password rules and toasts; logout",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.desktop, "profile");
        await page.goto(`${base}/me/account/`);
        await page.getByTestId("profile-name").filter({ hasText: "Linh Tran" }).waitFor();
        await page.getByTestId("profile-birthday").filter({ hasText: "02/28/1994" }).waitFor();
        await page.getByTestId("profile-title").filter({ hasText: /^Ms$/ }).waitFor();
        await page.getByRole("button", { name: "Edit profile" }).click();
        let dialog = page.getByRole("dialog", { name: "EDIT PROFILE" });
        await dialog.getByLabel("First name *").fill("");
        await dialog.getByLabel("Last name *").fill(" ");
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await dialog.getByText("First Name is required").waitFor();
        await dialog.getByText("Last Name is required").waitFor();
        // She registered as Ms: the editor offers Mrs and Mr, keeps her Ms as a choice and starts on it.
        const titles = (await dialog.getByLabel("Title").locator("option").allTextContents()).join();
        assert(titles === "Ms,Mrs,Mr", `profile titles Mrs, Mr and her own Ms: ${titles}`);
        assert((await dialog.getByLabel("Title").inputValue()) === "Ms", "the editor starts on her title, Ms");
        await dialog.getByLabel("First name *").fill("Mỹ");
        await dialog.getByLabel("Last name *").fill("Lê");
        await dialog.getByRole("button", { name: "02/28/1994" }).click();
        await dialog.locator(".rdp-root").waitFor();
        await dialog.getByRole("button", { name: /February 14th, 1994/ }).click();
        await shoot(page, "profile-edit");
        await dialog.getByRole("button", { name: "SAVE" }).click();
        const updated = page.getByText("Update profile successfully!");
        await updated.waitFor();
        // Toasts stay their 5 s for a shopper who asked for reduced motion (every journey's context does):
        // waiting for it to go must give up after 2 s, and it fails as soon as the toast goes sooner.
        const gone = await updated.waitFor({ state: "hidden", timeout: 2000 }).then(
          () => true,
          () => false,
        );
        assert(!gone, "the toast is still shown 2 s later");
        await page.getByTestId("profile-name").filter({ hasText: "My Le" }).waitFor();
        await page.getByTestId("profile-birthday").filter({ hasText: "02/14/1994" }).waitFor();
        await page.getByTestId("profile-title").filter({ hasText: /^Ms$/ }).waitFor({ timeout: 3000 });

        await page.getByRole("button", { name: "Edit login details" }).click();
        dialog = page.getByRole("dialog", { name: "LOGIN DETAILS" });
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await dialog.getByText("Please fill in all password fields!").waitFor();
        await dialog.getByLabel("Current password", { exact: true }).fill(PASSWORD);
        await dialog.getByLabel("New password", { exact: true }).fill("Another1!");
        await dialog.getByLabel("Confirm new password", { exact: true }).fill("Another2!");
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await dialog.getByText("New password and confirm password do not match!").waitFor();
        await dialog.getByLabel("New password", { exact: true }).fill("short");
        await dialog.getByLabel("Confirm new password", { exact: true }).fill("short");
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await dialog.getByText("New password does not meet requirements!").waitFor();
        await dialog.getByLabel("Current password", { exact: true }).fill("Not-my-password1!");
        await dialog.getByLabel("New password", { exact: true }).fill("Another1!");
        await dialog.getByLabel("Confirm new password", { exact: true }).fill("Another1!");
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await dialog.getByText("Your current password is incorrect.").waitFor();
        await dialog.getByLabel("Current password", { exact: true }).fill(PASSWORD);
        await dialog.getByRole("button", { name: "SAVE" }).click();
        await page.getByText("Password changed successfully!").waitFor();
        await shoot(page, "my-account-toasts");

        await page.getByRole("button", { name: "LOG OUT" }).click();
        await page.waitForURL(`${base}/`);
        const panel = await openAccount(page);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
        await context.close();
      },
    },
    {
      name: "forgot password → reset from the emailed link → sign in with the new password",
      fn: async () => {
        assert(shop.dataDir, "the shop's data dir (DATA_DIR) is known");
        const { page, context, email } = await signedInContext(browser, base, WIDTHS.mobile, "reset");
        await context.clearCookies();
        await page.goto(`${base}/forget-password/`);
        await page.getByRole("button", { name: "Reset password" }).click();
        await page.getByText("Email is required").waitFor();
        await page.getByLabel("Email *").fill(email);
        await page.getByRole("button", { name: "Reset password" }).click();
        await page.getByText("Password reset email has been sent.").waitFor();
        await page.getByText(/wait at least 10 minutes/).waitFor();
        await shoot(page, "forgot-password-sent");
        await page.goto(await emailedLink(shop.dataDir, email, "reset-password", base));
        await heading(page, "RESET PASSWORD");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("New password is required").waitFor();
        await page.getByText("Please confirm your password").waitFor();
        await page.getByLabel("New password *").fill("weakpass");
        assert((await page.locator('.rule-list [data-met="false"]').count()) === 2, "two rules unmet");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Password does not meet complexity requirements").waitFor();
        await page.getByLabel("New password *").fill("Renewed1&");
        await page.getByLabel("Confirm password *").fill("Renewed1");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Passwords do not match").waitFor();
        await page.getByLabel("Confirm password *").fill("Renewed1&");
        await shoot(page, "reset-password");
        await saveResetThenSignIn(page, base, email, "Renewed1&");
        await context.close();
      },
    },
    {
      name: "welcome email → verification link → CONFIRM MY EMAIL verifies (opening or reloading the page does not); a tampered link is refused",
      fn: async () => {
        assert(shop.dataDir, "the shop's data dir (DATA_DIR) is known");
        const { page, context, email } = await signedInContext(browser, base, WIDTHS.mobile, "verify");
        const link = await emailedLink(shop.dataDir, email, "verify-email", base);
        const isPreview = (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/auth/verify-email/preview";
        const verifies = [];
        context.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/auth/verify-email" && verifies.push(r.url()));
        await page.goto(`${link}x`);
        await heading(page, "VERIFY YOUR EMAIL");
        await page.getByRole("alert").getByText("This verification link is invalid or has expired.").waitFor();
        await page.getByRole("link", { name: "BACK TO THE SHOP" }).waitFor();
        // This browser created the account: the page asks for a press, and opening it did nothing.
        await page.goto(link);
        const confirm = page.getByRole("button", { name: "CONFIRM MY EMAIL" });
        await confirm.waitFor();
        await page.getByText(email, { exact: true }).waitFor();
        const [again] = await Promise.all([page.waitForResponse(isPreview), page.reload()]);
        await hydrated(page);
        const preview = await again.json();
        assert(preview.action === "confirm" && preview.email === email, `after a reload the preview still says confirm: ${JSON.stringify(preview)}`);
        await confirm.waitFor();
        assert(verifies.length === 0, `opening the page posted ${verifies.length} verification(s)`);
        const violations = await axeViolations(page, "CONFIRM MY EMAIL");
        await shoot(page, "verify-email-confirm");
        await confirm.click();
        await page.getByRole("status").getByText("Thank you, your email address is verified.").waitFor();
        assert(verifies.length === 1, `one verification, on the press (${verifies.length})`);
        violations.push(...(await axeViolations(page, "verified")));
        assert(violations.length === 0, `${violations.length} axe violations:\n${describe(violations)}`);
        await shoot(page, "verify-email");
        await page.getByRole("link", { name: "GO TO MY ACCOUNT" }).click();
        await page.waitForURL(`${base}/me/account/`);
        // Opened again, the link says the address is verified already.
        await page.goto(link);
        await page.getByRole("status").getByText("Thank you, your email address is verified.").waitFor();
        assert((await page.getByRole("button", { name: "CONFIRM MY EMAIL" }).count()) === 0, "nothing left to confirm");
        await context.close();
      },
    },
    {
      name: "addresses: rules, add, edit, set default, delete",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.desktop, "addr");
        await page.goto(`${base}/me/addresses/`);
        await heading(page, "ADDRESSES");
        await page.getByRole("button", { name: "ADD NEW ADDRESS" }).click();
        let dialog = page.getByRole("dialog", { name: "ADD NEW ADDRESS" });
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        for (const text of [
          "Please enter title address.",
          "Please enter your first name.",
          "Please enter your last name",
          "Please select country.",
          "Please enter postal code.",
          "Please enter street.",
          "Please enter phone number.",
        ]) {
          await dialog.getByText(text, { exact: true }).waitFor();
        }
        assert((await dialog.getByLabel("Phone code").inputValue()) === "+84", "phone code defaults to +84");
        await dialog.getByLabel("Postal code *").fill("12");
        await dialog.getByLabel("Phone *").fill("12a");
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await dialog.getByText("Please enter a valid postal code.").waitFor();
        await dialog.getByText("Please enter a valid phone number.").waitFor();
        await shoot(page, "address-rules");
        await dialog.getByLabel("Address title *").fill("Home");
        await dialog.getByLabel("First name *").fill("Linh");
        await dialog.getByLabel("Last name *").fill("Tran");
        await dialog.getByLabel("Country *").selectOption("Vietnam");
        await dialog.getByLabel("State / Province *").selectOption("Ho Chi Minh City");
        await dialog.getByLabel("City *").selectOption("District 1");
        // Changing the country clears state and city.
        await dialog.getByLabel("Country *").selectOption("France");
        assert((await dialog.getByLabel("State / Province *").inputValue()) === "", "country change clears the state");
        await dialog.getByLabel("Country *").selectOption("Vietnam");
        await dialog.getByLabel("State / Province *").selectOption("Ho Chi Minh City");
        await dialog.getByLabel("City *").selectOption("District 1");
        await dialog.getByLabel("Postal code *").fill("700000");
        await dialog.getByLabel("Street *").fill("12 Dong Khoi");
        await dialog.getByLabel("Phone *").fill("901 234 567");
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await page.getByText("Address created successfully!").waitFor();
        await page.getByTestId("address-card").filter({ hasText: "PRIMARY SHIPPING" }).filter({ hasText: "Home" }).waitFor();

        await page.getByRole("button", { name: "ADD NEW ADDRESS" }).click();
        dialog = page.getByRole("dialog", { name: "ADD NEW ADDRESS" });
        await dialog.getByLabel("Address title *").fill("Office");
        await dialog.getByLabel("First name *").fill("Linh");
        await dialog.getByLabel("Last name *").fill("Tran");
        await dialog.getByLabel("Country *").selectOption("Japan");
        await dialog.getByLabel("State / Province *").selectOption("Tokyo");
        await dialog.getByLabel("City *").selectOption("Shibuya");
        await dialog.getByLabel("Postal code *").fill("1500001");
        await dialog.getByLabel("Street *").fill("1-2-3 Jingumae");
        await dialog.getByLabel("Phone code").selectOption("+81");
        await dialog.getByLabel("Phone *").fill("3-1234-5678");
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await page.getByTestId("address-card").filter({ hasText: "Office" }).waitFor();
        assert((await page.getByTestId("address-card").count()) === 2, "two addresses");

        const office = page.getByTestId("address-card").filter({ hasText: "Office" });
        await office.getByRole("button", { name: "Edit" }).click();
        dialog = page.getByRole("dialog", { name: "EDIT ADDRESS" });
        await dialog.getByLabel("Street *").fill("4-5-6 Jingumae");
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await page.getByText("Address updated successfully!").waitFor();
        await office.filter({ hasText: "4-5-6 Jingumae" }).waitFor();

        // A fresh visit with the country list held back: editing the +81 address shows +81 from the start.
        let releaseCountries;
        const countriesHeld = new Promise((resolve) => (releaseCountries = resolve));
        await page.route("**/geo/countries.json", async (route) => {
          await countriesHeld;
          await route.continue();
        });
        await page.goto(`${base}/me/addresses/`);
        await office.getByRole("button", { name: "Edit" }).click();
        dialog = page.getByRole("dialog", { name: "EDIT ADDRESS" });
        const phoneCode = dialog.getByLabel("Phone code");
        const shownCode = () => phoneCode.evaluate((select) => select.selectedOptions[0]?.textContent ?? "");
        const early = await shownCode();
        await shoot(page, "address-edit-phone-code-early");
        assert(early === "+81", `before the country list loads the saved phone code shows: ${early}`);
        releaseCountries();
        await dialog.getByLabel("Country *").locator("option", { hasText: "Vietnam" }).waitFor({ state: "attached" });
        assert((await shownCode()) === "+81", `after the country list loads the saved phone code still shows: ${await shownCode()}`);
        await page.unroute("**/geo/countries.json");
        await dialog.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await page.getByText("Address updated successfully!").waitFor();
        await office.filter({ hasText: "+81 3-1234-5678" }).waitFor();

        await office.getByRole("button", { name: "Set as default" }).click();
        await page.getByRole("dialog", { name: "SET AS DEFAULT" }).getByRole("button", { name: "CONFIRM" }).click();
        await page.getByTestId("address-card").first().filter({ hasText: "Office" }).filter({ hasText: "PRIMARY SHIPPING" }).waitFor();
        await shoot(page, "addresses");

        await page.getByTestId("address-card").filter({ hasText: "Home" }).getByRole("button", { name: "Delete" }).click();
        await page.getByRole("dialog", { name: "DELETE ADDRESS" }).getByRole("button", { name: "CONFIRM" }).click();
        await page.getByTestId("address-card").filter({ hasText: "Home" }).waitFor({ state: "detached" });
        assert((await page.getByTestId("address-card").count()) === 1, "one address left");
        // The result message goes after 5 s.
        await page.locator(".status-banner").waitFor({ state: "detached", timeout: 8000 });
        await context.close();
      },
    },
    {
      name: "wishlist: heart on the product page → /me/wishlist → remove",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.mobile, "wish");
        await page.goto(`${base}${productUrl(first)}`);
        await heading(page, first.name.trim().toUpperCase());
        await page.getByRole("button", { name: "Add to wishlist" }).click();
        await page.getByRole("button", { name: "Remove from wishlist" }).waitFor();
        await page.goto(`${base}/me/wishlist/`);
        await page.getByTestId("wishlist-item").filter({ hasText: first.name.trim().toUpperCase() }).waitFor();
        await shoot(page, "wishlist");
        await page.getByRole("button", { name: /^Remove .* from wishlist$/ }).click();
        await page.getByText("Your wishlist is empty.").waitFor();
        await context.close();
      },
    },
    {
      name: "bag: add two products, change quantity (never below 1), remove, proceed",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.desktop, "bag");
        // A set and a single piece: only the set's line names a category.
        const isSet = (p) => (p.items ?? []).length > 0;
        const first = withColor.find(isSet) ?? withColor[0];
        const second = withColor.find((p) => !isSet(p) && p !== first) ?? withColor[1];
        for (const [p, qty] of [
          [first, "3"],
          [second, "1"],
        ]) {
          await page.goto(`${base}${productUrl(p)}`);
          await heading(page, p.name.trim().toUpperCase());
          await page.getByLabel("Color").selectOption(p.color[0]);
          const box = page.getByLabel("Quantity");
          await box.fill("");
          await box.pressSequentially(qty);
          assert((await box.inputValue()) === qty, `the quantity box keeps what is typed (${await box.inputValue()})`);
          await page.getByRole("button", { name: "ADD TO CART" }).click();
          await page.getByText("Add to cart successfully!").waitFor();
        }
        await page.getByRole("button", { name: "Shopping bag" }).click();
        const bag = page.getByRole("dialog", { name: "Shopping bag" });
        await bag.getByRole("heading", { name: "SHOPPING BAG (4)" }).waitFor();
        assert((await bag.getByTestId("bag-line").count()) === 2, "two lines");
        for (const p of [first, second]) {
          const facts = await bag.getByTestId("bag-line").filter({ hasText: p.name }).locator(".bag-line__facts").textContent();
          assert(/Category/.test(facts) === isSet(p), `${p.name} (${isSet(p) ? "a set" : "not a set"}) shows: ${facts}`);
          assert(!/\bSet\b/.test(facts) || isSet(p), `${p.name} is not a set but its line says Set: ${facts}`);
        }
        const line = bag.getByTestId("bag-line").filter({ hasText: second.name });
        await line
          .getByRole("button", { name: "Decrease quantity" })
          .isDisabled()
          .then((d) => assert(d, "cannot go below 1"));
        await line.getByRole("button", { name: "Increase quantity" }).click();
        await bag.getByRole("heading", { name: "SHOPPING BAG (5)" }).waitFor();
        const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
        const cost = (await line.locator(".bag-line__cost").textContent()).trim();
        assert(cost.startsWith("$") && cost.includes(","), `line cost in en-US USD: ${cost}`);
        await line.getByRole("button", { name: "Decrease quantity" }).click();
        await bag.getByRole("heading", { name: "SHOPPING BAG (4)" }).waitFor();
        await shoot(page, "bag");
        void usd;
        await bag.getByRole("button", { name: `Remove ${first.name}` }).click();
        await bag.getByRole("heading", { name: "SHOPPING BAG (1)" }).waitFor();
        await bag.getByRole("link", { name: "PROCEED TO CHECKOUT" }).waitFor();
        await line.getByRole("link", { name: second.name }).click();
        await page.waitForURL(new RegExp(`/shop/product/${second.id}/`));
        await page.getByRole("button", { name: "Shopping bag" }).click();
        await bag.getByRole("button", { name: `Remove ${second.name}` }).click();
        await bag.getByText("Your shopping cart is empty.").waitFor();
        await context.close();
      },
    },
    // The calendar as a shopper meets it on the days that broke it: the 1st (one day to pick, the range
    // reaching back into last month and last year) and 31 December (the whole month open, nothing after it).
    ...[
      ["1 January", new Date(new Date().getFullYear(), 0, 1, 10)],
      ["31 December", new Date(new Date().getFullYear() - 1, 11, 31, 10)],
    ].map(([day, today]) => ({
      name: `my orders: date presets, custom range calendar, status tabs, empty text (today is ${day})`,
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.mobile, "orders");
        await page.clock.install({ time: today });
        await page.goto(`${base}/me/orders/`);
        await heading(page, "MY ORDERS");
        await page.getByText("No orders found").waitFor();
        for (const label of ["All (0)", "Wait for confirmation (0)", "Confirmed (0)", "Delivered (0)", "Canceled (0)"])
          await page.getByRole("tab", { name: label }).waitFor();
        await page.getByLabel("Date filter").selectOption("7d");
        await page.getByLabel("Date filter").selectOption("custom");
        const calendar = page.getByTestId("orders-calendar");
        await calendar.waitFor();
        await shoot(page, `orders-calendar-${today.getDate()}`);
        const open = calendar.locator("button.rdp-day_button:not([disabled])");
        assert((await open.count()) === today.getDate(), `the days up to today can be picked: ${await open.count()} open on day ${today.getDate()}`);
        await calendar.locator(`[data-day="${isoDay(today)}"] button`).click();
        await calendar.getByRole("button", { name: "Go to the Previous Month" }).click();
        const back = new Date(today.getFullYear(), today.getMonth() - 1, 28);
        await calendar.locator(`[data-day="${isoDay(back)}"] button`).click();
        await calendar.waitFor({ state: "detached" });
        const shown = await page.getByLabel("Date filter").locator("option:checked").textContent();
        assert(shown === `${usDay(back)} – ${usDay(today)}`, `the range reads from the earlier day to today: ${shown}`);
        await page.getByText("No orders found").waitFor();
        await page.getByLabel("Date filter").selectOption("today");
        await shoot(page, "orders");
        await context.close();
      },
    })),
    {
      name: "my orders: an order confirmed by shopctl, then Confirm delivery",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.desktop, "confirm");
        const me = await (await context.request.get(`${base}/api/auth/me`)).json();
        const id = placeOrder(shop.dataDir, me.id, first);
        await page.goto(`${base}/me/orders/`);
        const card = page.getByTestId("order-card");
        await card.locator(".status--blue").filter({ hasText: "AWAITING CONFIRMATION" }).waitFor();
        await page.getByRole("tab", { name: "Wait for confirmation (1)" }).waitFor();
        assert((await card.getByRole("button", { name: "Confirm delivery" }).count()) === 0, "no Confirm delivery before the house confirms");
        await card.getByText("Custom").waitFor();
        // The operator confirms the order by the number the shopper reads on the card (the shop's one number).
        const number = await card.getByTestId("order-number").textContent();
        assert(number === `#${id.slice(-8, -4)}-${id.slice(-4)}`, `the card's number is the id's random tail, grouped: ${number}`);
        const listed = shopctl(shop, "orders", "list", "--status", "awaiting_confirmation");
        assert(
          listed.split("\n").some((l) => l.startsWith(`${number}\t${id}\t`)),
          `shopctl lists it by its number: ${listed}`,
        );
        const said = shopctl(shop, "orders", "confirm", number);
        assert(said.startsWith(`order ${number}: awaiting_confirmation -> confirmed`), said);
        // The subject is RFC 2047 words in the raw mail: the body's sentence is what is read here.
        const mail = await newestMailWith(shop.dataDir, `we have confirmed your order ${number}.`);
        assert(mail.includes(me.email), `the confirmation goes to the customer: ${mail}`);
        await page.reload();
        await card.locator(".status--green").filter({ hasText: "CONFIRMED" }).waitFor();
        await page.getByRole("tab", { name: "Confirmed (1)" }).click();
        assert((await card.count()) === 1, "the Confirmed tab shows it");
        await shoot(page, "orders-confirmed");
        await card.getByRole("button", { name: "Confirm delivery" }).click();
        await page.getByText("Thank you! You have successfully confirmed receipt of your order.").waitFor();
        await page.getByRole("tab", { name: "Delivered (1)" }).click();
        await card.locator(".status--purple").filter({ hasText: "DELIVERED" }).waitFor();
        assert((await card.getByRole("button", { name: "Confirm delivery" }).count()) === 0, "delivered orders cannot be confirmed again");
        await page.getByLabel("Date filter").selectOption("today");
        await page.getByRole("tab", { name: "All (1)" }).waitFor();
        await shoot(page, "orders-delivered");
        await context.close();
      },
    },
    {
      name: "my orders: a pending order reads PENDING (the spec's rule) and free shipping reads Free, as in the bag",
      fn: async () => {
        const { page, context } = await signedInContext(browser, base, WIDTHS.desktop, "pending");
        const me = await (await context.request.get(`${base}/api/auth/me`)).json();
        placeOrder(shop.dataDir, me.id, first, { status: "pending", shippingfee: 0 });
        await page.goto(`${base}/me/orders/`);
        const card = page.getByTestId("order-card");
        await card
          .locator(".status--yellow")
          .filter({ hasText: /^PENDING$/ })
          .waitFor();
        await card.getByText(/Shipping Free/).waitFor();
        assert((await card.getByText(/Shipping \$0\.00/).count()) === 0, "no $0.00 shipping");
        await shoot(page, "orders-pending-free");
        await context.close();
      },
    },
    // The sandbox's one Facebook identity with an address is Frida's, so a single journey both meets her
    // password account and signs in with Facebook: two journeys would race for the same address.
    {
      name: "Facebook sign-in: an address with a password account links only after a password sign-in; then the 600x700 popup signs straight in; logout through the provider's logout page",
      fn: async () => {
        const FRIDA = "frida.kahlo@example.com";
        const LINK_FIRST =
          "An account with this email already exists. Log in with your password to connect Facebook; forgot it? Reset it from the login panel.";
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        const reg = await context.request.post(`${base}/api/auth/register`, {
          headers: { Origin: base },
          data: {
            email: FRIDA,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            title: "Ms",
            firstname: "Frida",
            lastname: "Kahlo",
            birthday: "1994-07-06",
            agreeToUpdates: true,
          },
        });
        assert(reg.ok(), `register ${FRIDA} with a password (${reg.status()} ${await reg.text()}): this journey needs a fresh shop`);
        await page.goto(`${base}/`);
        let panel = await openAccount(page);
        const signInWithFacebook = async () => {
          const [popup] = await Promise.all([page.waitForEvent("popup"), panel.getByRole("button", { name: "Continue with Facebook" }).click()]);
          await popup.getByRole("heading", { name: "Sign in with Facebook" }).waitFor();
          return popup;
        };
        const closes = async (popup) => {
          await until(() => popup.isClosed(), "the popup to close itself");
        };

        // Facebook meets the address's password account: no sign-in, the panel says how to connect it.
        let popup = await signInWithFacebook();
        await popup.getByRole("link", { name: /Frida Kahlo/ }).click();
        await panel.getByRole("alert").filter({ hasText: LINK_FIRST }).waitFor();
        await closes(popup);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
        assert((await context.request.get(`${base}/api/auth/me`)).status() === 401, "the Facebook sign-in signed nobody in");
        await shoot(page, "facebook-link-first");
        // The password sign-in in this browser connects Facebook.
        await panel.getByLabel("Email").fill(FRIDA);
        await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await Promise.all([page.waitForEvent("load"), panel.getByRole("button", { name: "LOGIN" }).click()]);
        panel = await openAccount(page);
        await panel.getByRole("heading", { name: "WELCOME, Frida", exact: true }).waitFor();
        const byPassword = await (await context.request.get(`${base}/api/auth/me`)).json();
        // Home again (through Facebook's logout page or not): a navigation of its own, even from the home page.
        const home = (f) => f === page.mainFrame() && f.url() === `${base}/`;
        await Promise.all([page.waitForEvent("framenavigated", { predicate: home }), panel.getByRole("button", { name: "(Logout)" }).click()]);
        await page.waitForLoadState("load");
        panel = await openAccount(page);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();

        // Now Facebook signs straight in to the same account.
        popup = await signInWithFacebook();
        const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
        assert(Math.abs(size.w - 600) < 40 && Math.abs(size.h - 700) < 120, `popup is about 600x700 (${size.w}x${size.h})`);
        await Promise.all([page.waitForEvent("load"), popup.getByRole("link", { name: /Frida Kahlo/ }).click()]);
        await closes(popup);
        panel = await openAccount(page);
        await panel.getByRole("heading", { name: "WELCOME, Frida", exact: true }).waitFor();
        const byFacebook = await (await context.request.get(`${base}/api/auth/me`)).json();
        assert(
          byFacebook.email === FRIDA && byFacebook.id === byPassword.id,
          `Facebook signs in to the same account: ${JSON.stringify(byFacebook)} vs ${JSON.stringify(byPassword)}`,
        );
        await shoot(page, "social-welcome");
        // The server answers Facebook's logout address; the provider sends the browser back home.
        const [viaFacebook] = await Promise.all([page.waitForRequest(/\/oauth\/facebook\/logout\?/), panel.getByRole("button", { name: "(Logout)" }).click()]);
        assert(/[?&]next=/.test(viaFacebook.url()) && /[?&]access_token=/.test(viaFacebook.url()), `logout carries next and the token: ${viaFacebook.url()}`);
        await page.waitForURL(`${base}/`);
        await page.waitForLoadState("load");
        panel = await openAccount(page);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
        await context.close();
      },
    },
    ...["account", "orders", "wishlist", "addresses"].flatMap((tab) =>
      Object.values(WIDTHS).map((size) => ({
        name: `signed-in deep link /me/${tab}/ at ${size.width}px`,
        fn: async () => {
          const { page, context, problems } = await signedInContext(browser, base, size, `tab-${tab}`);
          await page.goto(`${base}/me/${tab}/`);
          await page.locator(`.account__tabs a[aria-current="page"]`).waitFor();
          await page.locator(".account__title").waitFor();
          await page.waitForLoadState("networkidle").catch(() => {});
          await shoot(page, `me-${tab}`);
          await context.close();
          assert(problems.length === 0, problems.join("; "));
        },
      })),
    ),
    {
      name: "session guard: a visitor on /me/account gets the expired toast, then home",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        // Counted from before the page is asked for: the guard's 3 s start later than this, never earlier,
        // however late a loaded machine shows the toast.
        const started = Date.now();
        await page.goto(`${base}/me/account/`);
        // Toasts last 5 s: on a loaded machine one may already be leaving when looked at, so presence is what counts.
        await page.locator(".Toastify__toast-container--top-center").getByText("Your session has expired. Please log in again.").waitFor();
        assert((await page.locator(".account").count()) === 0, "nothing of the account renders");
        await shoot(page, "guard-toast");
        await page.waitForURL(`${base}/`, { timeout: 10000 });
        assert(Date.now() - started >= 3000, "the redirect waits (3 s)");
        await context.close();
      },
    },
  ];
}
