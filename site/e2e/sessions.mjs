/**
 * Journeys of a session over time: an access token that expired (its cookie
 * gone, as after 15 minutes) is renewed by one refresh wherever the shopper
 * goes, with or without Remember me; a browser closed and opened again keeps
 * a Remembered shopper only (without it, every session cookie ends with the
 * browser); the login panel knows the last email; and a verification link
 * opened by a script changes nothing, while the address's owner who follows
 * it from another browser claims the account, afresh. Each shopper is new, so they run in parallel.
 */
import { WIDTHS, assert, freshPage, hydrated, shoot } from "./harness.mjs";
import { axeViolations, describe } from "./a11y.mjs";
import { emailedLink, openAccount } from "./accounts.mjs";
import { PASSWORD, register, saveAddress } from "./shoppers.mjs";

const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** A new shopper, registered through the API and signed in through the LOGIN panel, ticking Remember me or not. */
async function panelSignedIn(browser, base, size, tag, remember) {
  const { page, context, problems } = await freshPage(browser, size);
  const email = await register(context, base, tag);
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Account" }).click();
  const panel = page.getByRole("dialog", { name: "Account" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (remember) await panel.getByRole("checkbox", { name: "Remember me" }).check();
  await Promise.all([page.waitForEvent("load"), panel.getByRole("button", { name: "LOGIN" }).click()]);
  await hydrated(page);
  return { page, context, problems, email };
}

/** The refresh cookie outlives the browser (it has an expiry) exactly when Remember me was ticked. */
async function assertRefreshCookie(context, remember, when) {
  const refresh = (await context.cookies()).find((c) => c.name === "refresh");
  assert(refresh, `${when}: there is a refresh cookie`);
  assert(
    remember ? refresh.expires > 0 : refresh.expires === -1,
    `${when}: the refresh cookie ${remember ? "persists" : "ends with the browser"} (expires ${refresh.expires})`,
  );
}

/** Every POST /api/auth/refresh the context makes from now on. */
function countRefreshes(context) {
  const seen = [];
  context.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/auth/refresh" && seen.push(r.url()));
  return seen;
}

export function sessionJourneys({ browser, base, shop, products }) {
  const product = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price)[0];
  /** The account page, with the shopper's email in its Email & Password box. */
  const accountShows = (page, email) => page.locator(".account-box__facts").getByText(email, { exact: true }).waitFor();
  // Only the session guard says the session expired, as soon as its profile call fails, and it shows
  // the page only once that call succeeded: once every call the page made is answered, the toast
  // would be there.
  const noExpiredToast = async (page, where) => {
    await page.waitForLoadState("networkidle");
    assert((await page.getByText(SESSION_EXPIRED).count()) === 0, `${where}: the session-expired toast showed`);
  };

  return [
    ...[true, false].map((remember) => ({
      name: `sessions: refresh ${remember ? "with" : "without"} Remember me: the access cookie gone, /me/account and /checkout stay signed in on one refresh; the bag checks out`,
      fn: async () => {
        const { page, context, email } = await panelSignedIn(browser, base, WIDTHS.desktop, remember ? "keep" : "brief", remember);
        await assertRefreshCookie(context, remember, "signed in");
        // 15 minutes later: the access token's cookie has expired, the refresh cookie has not.
        await context.clearCookies({ name: "access" });
        const refreshes = countRefreshes(context);
        const visited = [];
        page.on("framenavigated", (f) => f === page.mainFrame() && visited.push(new URL(f.url()).pathname));

        await page.goto(`${base}/me/account/`);
        await accountShows(page, email);
        await noExpiredToast(page, "/me/account");
        await page.goto(`${base}/checkout/`);
        await page.getByText(`You are checking out as ${email}`).waitFor();
        await page.getByText("Your shopping bag is empty.").waitFor();
        await noExpiredToast(page, "/checkout");
        assert(refreshes.length === 1, `one refresh for both pages, not ${refreshes.length}`);
        await assertRefreshCookie(context, remember, "refreshed");

        await page.goto(`${base}/shop/product/${product.id}/${product.slug}/`);
        await page.getByLabel("Color").selectOption(product.color[0]);
        await page.getByRole("button", { name: "ADD TO CART" }).click();
        await page.getByText("Add to cart successfully!").waitFor();
        await page.goto(`${base}/checkout/`);
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
        await page.getByTestId("summary-line").filter({ hasText: product.name }).waitFor();
        await page.getByRole("button", { name: "Continue to payment" }).waitFor();
        await noExpiredToast(page, "/checkout with a bag");
        await shoot(page, `refreshed-checkout-${remember ? "remembered" : "session"}`);
        assert(refreshes.length === 1, `still one refresh, not ${refreshes.length}`);
        assert(!visited.includes("/"), `the shopper was sent home: ${visited.join(" → ")}`);
        await context.close();
      },
    })),
    {
      name: "sessions: closing the browser with Remember me: a new browser with only the lasting cookies (access expired) comes back signed in",
      fn: async () => {
        const first = await panelSignedIn(browser, base, WIDTHS.desktop, "restart", true);
        // What a browser keeps when it closes: the cookies with an expiry; 15 minutes on, not the access token's.
        const kept = (await first.context.cookies()).filter((c) => c.expires !== -1 && c.name !== "access");
        await first.context.close();
        assert(
          ["refresh", "signed_in"].every((name) => kept.some((c) => c.name === name)),
          `Remember me keeps the refresh cookie and the hint: ${kept.map((c) => c.name).join(", ")}`,
        );
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        await context.addCookies(kept);
        const refreshes = countRefreshes(context);
        await page.goto(`${base}/me/account/`);
        await accountShows(page, first.email);
        await noExpiredToast(page, "/me/account after the restart");
        assert(refreshes.length === 1, `one refresh brings the session back, not ${refreshes.length}`);
        await shoot(page, "remembered-after-restart");
        await context.close();
      },
    },
    {
      name: "sessions: closing the browser without Remember me: every session cookie ends with the browser; the new browser is signed out",
      fn: async () => {
        const first = await panelSignedIn(browser, base, WIDTHS.desktop, "gone", false);
        // What a browser keeps when it closes: every cookie with an expiry, whatever its name.
        const kept = (await first.context.cookies()).filter((c) => c.expires !== -1);
        await first.context.close();
        const lasting = kept.filter((c) => ["access", "refresh", "signed_in"].includes(c.name)).map((c) => c.name);
        assert(lasting.length === 0, `nothing of the session outlives the browser, yet these have an expiry: ${lasting.join(", ")}`);
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        if (kept.length > 0) await context.addCookies(kept);
        for (const path of ["/me/account/", "/me/orders/"]) {
          await page.goto(`${base}${path}`);
          await page.locator(".Toastify__toast-container--top-center").getByText(SESSION_EXPIRED).waitFor();
          assert((await page.locator(".account").count()) === 0, `${path}: nothing of the account renders`);
          await page.waitForURL(`${base}/`, { timeout: 10000 });
          const panel = await openAccount(page);
          await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
          assert((await page.getByRole("heading", { name: /^WELCOME,/ }).count()) === 0, `${path}: the panel welcomes a shopper`);
          await page.keyboard.press("Escape");
        }
        const me = await context.request.get(`${base}/api/auth/me`);
        assert(me.status() === 401, `the new browser has no session (me ${me.status()})`);
        await context.close();
      },
    },
    {
      name: "sessions: the login panel prefills the last signed-in email after logout and after a reload, and keeps nothing else",
      fn: async () => {
        const { page, context, email } = await panelSignedIn(browser, base, WIDTHS.desktop, "prefill", false);
        await page.goto(`${base}/me/account/`);
        await accountShows(page, email);
        await page.getByRole("button", { name: "LOG OUT" }).click();
        await page.waitForURL(`${base}/`);
        await page.waitForLoadState("load");
        let panel = await openAccount(page);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
        assert((await panel.getByLabel("Email").inputValue()) === email, "the email is prefilled after logout");
        assert((await panel.getByLabel("Password", { exact: true }).inputValue()) === "", "never the password");
        await shoot(page, "login-prefilled");
        await page.reload();
        panel = await openAccount(page);
        await panel.getByRole("heading", { name: "LOGIN" }).waitFor();
        assert((await panel.getByLabel("Email").inputValue()) === email, "the email is prefilled after a reload");
        const stored = await page.evaluate(() => ({ ...window.localStorage }));
        assert(JSON.stringify(stored) === JSON.stringify({ "couture:last-email": email }), `the browser keeps the email alone: ${JSON.stringify(stored)}`);
        await context.close();
      },
    },
    {
      name: "sessions: a verification link opened by a script changes nothing; the owner who follows it claims the account afresh, and the creator's session ends",
      fn: async () => {
        assert(shop.dataDir, "the shop's data dir (DATA_DIR) is known");
        const creator = await panelSignedIn(browser, base, WIDTHS.mobile, "claim", true);
        const origin = { Origin: base };
        // Something of the creator's: a saved address and a bag line.
        await saveAddress(creator.context, base, "Creator's");
        const added = await creator.context.request.post(`${base}/api/cart/add`, {
          headers: origin,
          data: { productId: product.id, color: product.color[0], quantity: 1 },
        });
        assert(added.ok(), `the creator adds to the bag (${added.status()} ${await added.text()})`);
        const link = await emailedLink(shop.dataDir, creator.email, "verify-email", base);
        const isPreview = (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/auth/verify-email/preview";

        // A script (a mail scanner, a link preview) opens the link in a browser of its own, and leaves.
        const scan = await freshPage(browser, WIDTHS.mobile);
        const verifies = [];
        scan.context.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/auth/verify-email" && verifies.push(r.url()));
        const [scanned] = await Promise.all([scan.page.waitForResponse(isPreview), scan.page.goto(link)]);
        const preview = await scanned.json();
        assert(preview.action === "claim" && preview.email === creator.email, `the preview from another browser: ${JSON.stringify(preview)}`);
        await scan.page.getByRole("button", { name: "VERIFY AND SET PASSWORD" }).waitFor();
        await scan.context.close();
        assert(verifies.length === 0, `opening the page posted ${verifies.length} verification(s)`);
        const stillMe = await creator.context.request.get(`${base}/api/auth/me`);
        assert(stillMe.status() === 200, `the creator is still signed in after the script (me ${stillMe.status()})`);
        const probe = await freshPage(browser, WIDTHS.mobile);
        const stillWorks = await probe.context.request.post(`${base}/api/auth/login`, {
          headers: origin,
          data: { email: creator.email, password: PASSWORD, isRememberMe: false },
        });
        await probe.context.close();
        assert(stillWorks.ok(), `the creator's password still works after the script (${stillWorks.status()})`);

        // The address's owner follows the link from a browser of their own.
        const { page, context, problems } = await freshPage(browser, WIDTHS.mobile);
        await page.goto(link);
        await page.getByRole("heading", { name: "VERIFY YOUR EMAIL" }).waitFor();
        const form = page.getByRole("form", { name: "Verify and set password" });
        await form.waitFor();
        await page.getByText(creator.email, { exact: true }).waitFor();
        await page.getByText("Created this account yourself? Log in on this device first, then open this link again.").waitFor();
        await page.getByText(/starts afresh/).waitFor();
        const violations = await axeViolations(page, "the claim form");
        await shoot(page, "verify-email-claim");
        await page.setViewportSize(WIDTHS.desktop);
        await shoot(page, "verify-email-claim");
        await page.setViewportSize(WIDTHS.mobile);
        // The creator is told how to confirm instead: the page opens the login panel.
        await page.getByRole("button", { name: "Log in", exact: true }).click();
        const loginPanel = page.getByRole("dialog", { name: "Account" });
        await loginPanel.getByRole("heading", { name: "LOGIN" }).waitFor();
        await page.keyboard.press("Escape");
        await loginPanel.waitFor({ state: "hidden" });
        await form.getByRole("button", { name: "VERIFY AND SET PASSWORD" }).click();
        await form.getByText("New password is required").waitFor();
        await form.getByText("Please confirm your password").waitFor();
        violations.push(...(await axeViolations(page, "the claim form's errors")));
        await form.getByLabel("New password *").fill("Owned1!x");
        await form.getByLabel("Confirm password *").fill("Owned1!x");
        await form.getByRole("button", { name: "VERIFY AND SET PASSWORD" }).click();
        await page
          .getByRole("status")
          .getByText(/The account is yours alone now/)
          .waitFor();
        violations.push(...(await axeViolations(page, "the claimed account")));
        assert(violations.length === 0, `${violations.length} axe violations:\n${describe(violations)}`);
        await shoot(page, "verify-email-claimed");
        await page.setViewportSize(WIDTHS.desktop);
        await shoot(page, "verify-email-claimed");
        await page.setViewportSize(WIDTHS.mobile);
        await page.getByRole("link", { name: "GO TO MY ACCOUNT" }).click();
        await page.waitForURL(`${base}/me/account/`);
        await accountShows(page, creator.email);
        // A new account: nothing of the creator's came with it.
        const addresses = await (await context.request.get(`${base}/api/addresses`)).json();
        assert(addresses.data.length === 0, `the claimed account has the creator's addresses: ${JSON.stringify(addresses.data)}`);
        const bag = await (await context.request.get(`${base}/api/cart`)).json();
        assert(bag.count === 0 && bag.data.length === 0, `the claimed account has the creator's bag: ${JSON.stringify(bag)}`);

        // The browser that created the account is signed out, refresh and all, and its password no longer works.
        const me = await creator.context.request.get(`${base}/api/auth/me`);
        const refreshed = await creator.context.request.post(`${base}/api/auth/refresh`, { headers: origin });
        const oldLogin = await creator.context.request.post(`${base}/api/auth/login`, {
          headers: origin,
          data: { email: creator.email, password: PASSWORD, isRememberMe: false },
        });
        assert(me.status() === 401 && refreshed.status() === 401, `the creator's session ended (me ${me.status()}, refresh ${refreshed.status()})`);
        assert(!oldLogin.ok(), `the creator's password still signs in (${oldLogin.status()})`);
        await creator.context.close();

        // The link did its work once.
        await page.goto(link);
        await page.getByRole("alert").getByText("This verification link is invalid or has expired.").waitFor();
        await page.getByRole("link", { name: "BACK TO THE SHOP" }).waitFor();
        await context.close();
        assert(problems.filter((p) => !/status of 400/.test(p)).length === 0, problems.join("; "));
      },
    },
  ];
}
