/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every public page at 390 and 1440 px signed out and
 * signed in, on each overlay panel open, on each checkout step, on each account tab, and on the made-to-order
 * and appointment modals. A journey walks several pages in one context, gathers every violation, then
 * fails once listing them all (rule, impact, targets, summary), so one run shows everything to fix.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { SHOTS, WIDTHS, assert, freshPage, hydrated, shoot } from "./harness.mjs";
import { CARD_OK, fillNewAddress, signedInShopper } from "./shoppers.mjs";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Every violation axe finds on what the page shows now, as `{ where, id, impact, targets, help }`. */
export async function axeViolations(page, where) {
  // The hosted card fields are frames: axe checks inside a frame only when it runs there too.
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const present = await frame.evaluate(() => typeof window.axe === "object").catch(() => true);
    if (!present) await frame.addScriptTag({ content: AXE_SOURCE }).catch(() => {});
  }
  const results = await page.evaluate((values) => window.axe.run(document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] }), TAGS);
  return results.violations.flatMap((v) => v.nodes.map((n) => ({ where, id: v.id, impact: n.impact ?? v.impact, targets: n.target.flat(), help: v.help })));
}

/** A list of violations, one line each, grouped by rule so a page of fifty says so in a few lines. */
export function describe(violations) {
  const byRule = new Map();
  for (const v of violations) {
    const key = `${v.where} · ${v.id} (${v.impact}): ${v.help}`;
    byRule.set(key, [...(byRule.get(key) ?? []), v.targets.join(" >> ")]);
  }
  return [...byRule].map(([key, targets]) => `${key} ×${targets.length} — ${targets.slice(0, 4).join(", ")}${targets.length > 4 ? ", …" : ""}`).join("\n");
}

/** Collects violations under a journey's name (written to test-results for the record) and fails on any. */
function auditor(name) {
  const found = [];
  const counts = {};
  return {
    async check(page, where) {
      const v = await axeViolations(page, where);
      counts[where] = v.length;
      found.push(...v);
    },
    done() {
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(join(SHOTS, `..`, `a11y-${name}.json`), JSON.stringify({ counts, violations: found }, null, 1));
      assert(found.length === 0, `${found.length} axe violations:\n${describe(found)}`);
    },
  };
}

/** A fresh page, signed in through the API when `tag` is given. */
async function context(browser, base, size, tag) {
  const opened = await freshPage(browser, size);
  if (tag) await signedInShopper(opened.context, base, tag);
  return opened;
}

/** Adds a product from its page with its first colour (as a shopper does). */
async function addToBag(page, base, product) {
  await page.goto(`${base}/shop/product/${product.id}/${product.slug}/`);
  await page.getByLabel("Color").selectOption(product.color[0]);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await page.getByText("Add to cart successfully!").waitFor();
}

const dialog = (page, name) => page.getByRole("dialog", { name });

export function a11yJourneys({ browser, base, products, routes }) {
  const cheap = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price)[0];
  const product = products.find((p) => p.productGallery.length >= 3 && p.color.length > 0) ?? products[0];
  const productPath = (p) => `/shop/product/${p.id}/${p.slug}/`;

  const walk = (size, signedIn) => ({
    name: `a11y: every public page at ${size.width}px, signed ${signedIn ? "in" : "out"}`,
    fn: async () => {
      const audit = auditor(`pages-${size.width}-${signedIn ? "in" : "out"}`);
      const { page, context: ctx } = await context(browser, base, size, signedIn ? "walk" : null);
      for (const [name, path, check] of routes) {
        const res = await page.goto(base + path, { waitUntil: "domcontentloaded" });
        assert(res && res.status() === 200, `${path} answered ${res?.status()}`);
        await check(page);
        await audit.check(page, name);
        if (name === "about" && !signedIn) await shoot(page, "a11y-about");
      }
      await ctx.close();
      audit.done();
    },
  });

  return [
    ...[WIDTHS.mobile, WIDTHS.desktop].flatMap((size) => [walk(size, false), walk(size, true)]),
    {
      name: "a11y: the overlay panels open (menu, search, login, welcome, bag) at 390 and 1440 px",
      fn: async () => {
        const audit = auditor("panels");
        const visitor = await context(browser, base, WIDTHS.mobile, null);
        const shopper = await context(browser, base, WIDTHS.mobile, "panels");
        const panels = [
          [visitor.page, "menu", "Open menu", "Menu", (d) => d.getByRole("link", { name: "Women" }).waitFor()],
          [visitor.page, "search", "Search", "Search", (d) => d.getByText("RECOMMEND SEARCHES").waitFor()],
          [visitor.page, "login", "Account", "Account", (d) => d.getByRole("heading", { name: "LOGIN" }).waitFor()],
          [visitor.page, "bag-visitor", "Shopping bag", "Shopping bag", (d) => d.locator("*").first().waitFor()],
          [shopper.page, "welcome", "Account", "Account", (d) => d.getByRole("link", { name: "GO TO MY ACCOUNT" }).waitFor()],
          [shopper.page, "bag", "Shopping bag", "Shopping bag", (d) => d.getByTestId("bag-line").first().waitFor()],
        ];
        await visitor.page.goto(`${base}/`);
        await addToBag(shopper.page, base, cheap);
        for (const size of [WIDTHS.mobile, WIDTHS.desktop]) {
          for (const [page, name, button, label, ready] of panels) {
            await page.setViewportSize(size);
            await page.getByRole("button", { name: button }).click();
            const d = dialog(page, label);
            await ready(d);
            await audit.check(page, `${name}-${size.width}`);
            if (size === WIDTHS.mobile) await shoot(page, `a11y-panel-${name}`);
            await page.keyboard.press("Escape");
            await d.waitFor({ state: "detached" });
          }
        }
        await visitor.context.close();
        await shopper.context.close();
        audit.done();
      },
    },
    {
      name: "a11y: checkout steps, the result page, then every account tab at 390 and 1440 px",
      fn: async () => {
        const audit = auditor("checkout");
        const { page, context: ctx } = await context(browser, base, WIDTHS.mobile, "steps");
        await addToBag(page, base, cheap);
        await page.goto(`${base}/checkout/`);
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
        await audit.check(page, "checkout-address");
        // The rules' messages shown.
        await page.getByRole("radio", { name: "New Address" }).check();
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.getByRole("alert").filter({ hasText: "Please enter your first name." }).first().waitFor();
        await audit.check(page, "checkout-address-errors");
        await fillNewAddress(page);
        await page.setViewportSize(WIDTHS.desktop);
        await audit.check(page, "checkout-address-filled-1440");
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        await page.getByRole("button", { name: /^PAY / }).and(page.locator(":not([disabled])")).waitFor();
        await audit.check(page, "checkout-payment-1440");
        await page.setViewportSize(WIDTHS.mobile);
        await audit.check(page, "checkout-payment");
        await shoot(page, "a11y-checkout-payment");
        for (const [container, text] of [
          ["#checkout-card-number", CARD_OK],
          ["#checkout-card-expiration", "1230"],
          ["#checkout-card-cvv", "123"],
        ]) {
          const input = page.frameLocator(`${container} iframe`).locator("input").first();
          await input.click();
          await input.pressSequentially(text, { delay: 5 });
        }
        await page.getByRole("button", { name: /^PAY / }).click();
        await page.waitForURL(/\/checkout\/notify\/\?status=/, { timeout: 30_000 });
        await hydrated(page);
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        await audit.check(page, "checkout-success");
        await page.setViewportSize(WIDTHS.desktop);
        await audit.check(page, "checkout-success-1440");
        await page.goto(`${base}/checkout/notify/?status=fail`);
        await page.locator("h1, h2").first().waitFor();
        await audit.check(page, "checkout-fail-1440");
        for (const size of [WIDTHS.desktop, WIDTHS.mobile]) {
          await page.setViewportSize(size);
          for (const tab of ["account", "orders", "wishlist", "addresses"]) {
            await page.goto(`${base}/me/${tab}/`);
            await page.locator(`.account__tabs a[aria-current="page"]`).waitFor();
            await page.locator(".account__title").waitFor();
            if (tab === "orders") await page.getByTestId("order-card").first().waitFor();
            await page.waitForLoadState("networkidle").catch(() => {});
            await audit.check(page, `me-${tab}-${size.width}`);
          }
        }
        await page.getByRole("button", { name: "ADD NEW ADDRESS" }).click();
        const address = dialog(page, "ADD NEW ADDRESS");
        await address.getByRole("button", { name: "SAVE ADDRESS" }).click();
        await address.getByText("Please enter postal code.", { exact: true }).waitFor();
        await audit.check(page, "me-address-modal");
        await ctx.close();
        audit.done();
      },
    },
    {
      name: "a11y: the made-to-order modal's steps, the appointment modal and the size guide",
      fn: async () => {
        const audit = auditor("modals");
        const { page, context: ctx } = await context(browser, base, WIDTHS.mobile, null);
        await page.goto(`${base}${productPath(product)}`);
        await page.getByRole("button", { name: "SIZE GUIDE" }).click();
        await dialog(page, "SIZE GUIDE").getByRole("row").first().waitFor();
        await audit.check(page, "size-guide");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
        const order = dialog(page, "MADE TO ORDER");
        await audit.check(page, "made-to-order-1");
        await order.getByRole("button", { name: "NEXT" }).click();
        await order.getByText("Please enter your first name.").waitFor();
        await audit.check(page, "made-to-order-1-errors");
        await order.getByLabel("First name *").fill("Lan");
        await order.getByLabel("Last name *").fill("Nguyen");
        await order.getByLabel("Email *").fill("lan.a11y@example.com");
        await order.getByLabel("Preferred delivery date *").fill("2027-03-14");
        await order.getByRole("button", { name: "NEXT" }).click();
        await order.getByLabel("Bust (cm)").waitFor();
        await audit.check(page, "made-to-order-2");
        await order.getByRole("button", { name: "NEXT" }).click();
        await order.getByRole("button", { name: "SUBMIT" }).click();
        await order.getByText("You must agree to the Terms & Conditions before proceeding.").waitFor();
        await audit.check(page, "made-to-order-3-errors");
        await order.getByRole("checkbox").check();
        await order.getByRole("button", { name: "SUBMIT" }).click();
        await order.getByText("Your order has been submitted.", { exact: false }).waitFor();
        await audit.check(page, "made-to-order-done");
        await page.setViewportSize(WIDTHS.desktop);
        await page.goto(`${base}/made-to-order/`);
        await page.getByRole("button", { name: "BOOK AN APPOINTMENT" }).click();
        const booking = dialog(page, "BOOK AN APPOINTMENT");
        await audit.check(page, "appointment");
        await booking.getByRole("button", { name: "BOOK AN APPOINTMENT" }).click();
        await booking.getByText("Please enter your email.").waitFor();
        await audit.check(page, "appointment-errors");
        await ctx.close();
        audit.done();
      },
    },
  ];
}
