/**
 * A shopper who uses only the keyboard buys a gown: Tab, Shift+Tab, Enter, Space, Escape, arrow keys and
 * typing, never a click nor a fill. Along the way every control Tab reaches comes after the one before it
 * and shows a focus ring; each panel and modal keeps focus inside while open (Tab from its last control
 * goes to its first), Escape closes it and gives focus back to the control that opened it; the hosted card
 * fields have names and their errors are told.
 */
import { WIDTHS, assert, freshPage, hydrated, shoot, until } from "./harness.mjs";
import { CARD_OK, signedInShopper } from "./shoppers.mjs";

/** Registers a shopper and signs in through the API, so the context's cookies are the session. */
async function signedIn(browser, base) {
  const opened = await freshPage(browser, WIDTHS.desktop);
  await signedInShopper(opened.context, base, "keys");
  return opened;
}

/**
 * What has focus: a short description, whether it shows a ring (an outline or a box shadow on it or on the
 * box around it, as for a hidden radio in its chip or a card field's frame in its box), whether it is on
 * screen, and whether it comes after the element focused before (document order).
 */
function focusState(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const previous = window.__keyboardPrevious;
    if (!el || el === document.body || el === document.documentElement) {
      window.__keyboardPrevious = null;
      return { body: true, desc: "(nothing)" };
    }
    window.__keyboardPrevious = el;
    const ring = (e) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
    };
    const rect = el.getBoundingClientRect();
    const text = (el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent || el.getAttribute("name") || el.id || "")
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 50);
    return {
      body: false,
      desc: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${text}"`,
      // A frame's own document has the focus inside it: its box in this page shows the ring.
      visible:
        (el.tagName === "IFRAME" || el.matches(":focus-visible, :focus-within")) &&
        [el, el.parentElement, el.parentElement?.parentElement].some((e) => e && ring(e)),
      onScreen: rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth && rect.bottom > 0 && rect.top < window.innerHeight,
      // A date field's parts are stops of one element: moving between them is neither forward nor back.
      after: !previous || !previous.isConnected || previous === el ? null : Boolean(previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
}

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** Whether the focused element is on screen within `ms` (a carousel glides a focused slide into view). */
async function shownWithin(page, ms) {
  const onScreen = () => {
    const rect = document.activeElement.getBoundingClientRect();
    return rect.right > 0 && rect.left < window.innerWidth && rect.bottom > 0 && rect.top < window.innerHeight;
  };
  return page.waitForFunction(onScreen, null, { timeout: ms }).then(
    () => true,
    () => false,
  );
}

/** Checks what one key press focused: visible, on screen and, going forward, after the previous control. */
async function checkStep(page, now, forwards, trail) {
  if (now.body) return;
  // A card field's box is told of its focus by a message from its frame, a moment later.
  const ringed =
    now.visible ||
    (now.desc.startsWith("iframe") &&
      (await until(async () => (await focusState(page)).visible, `a ring on ${now.desc}`, { timeout: 1000 }).then(
        () => true,
        () => false,
      )));
  assert(ringed, `no visible focus ring on ${now.desc} (after ${trail.slice(-4).join(" → ")})`);
  assert(now.onScreen || (await shownWithin(page, 1000)), `${now.desc} has focus off screen (after ${trail.slice(-4).join(" → ")})`);
  if (forwards) assert(now.after !== false, `Tab went back up the page to ${now.desc} (after ${trail.slice(-4).join(" → ")})`);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; every control on the way is checked. */
async function tabTo(page, target, { max = 80, backwards = false } = {}) {
  const trail = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const now = await focusState(page);
    trail.push(now.desc);
    await checkStep(page, now, !backwards, trail);
    if (await isFocused(target)) return trail;
  }
  throw new Error(`${backwards ? "Shift+Tab" : "Tab"} did not reach ${target} in ${max} presses: … ${trail.slice(-10).join(" → ")}`);
}

/**
 * With a panel or modal open: focus is inside; Shift+Tab from its start reaches its last control, Tab
 * from there its first; Tab walks every control inside and comes back round; Escape closes it and focus
 * is back on `opener`.
 */
async function checkTrap(page, dialog, opener) {
  await dialog.waitFor();
  const count = await dialog.evaluate((d) => {
    const all = [
      ...d.querySelectorAll(
        "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex='-1'])",
      ),
    ];
    return all.filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0).length;
  });
  assert(count > 0, "the dialog has controls");
  assert(await dialog.evaluate((d) => d.contains(document.activeElement)), "focus moved into the dialog when it opened");
  const ends = () =>
    dialog.evaluate((d) => {
      const all = [
        ...d.querySelectorAll(
          "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex='-1'])",
        ),
      ].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
      return { first: all[0] === document.activeElement, last: all[all.length - 1] === document.activeElement, inside: d.contains(document.activeElement) };
    });
  await page.keyboard.press("Shift+Tab");
  assert((await ends()).last, "Shift+Tab from the dialog's start goes to its last control");
  await page.keyboard.press("Tab");
  assert((await ends()).first, "Tab from the dialog's last control goes to its first");
  // Round the whole dialog: a date field takes a stop per part, so it may take more presses than controls.
  const trail = [];
  let back = false;
  for (let i = 1; i <= count * 4 && !back; i += 1) {
    await page.keyboard.press("Tab");
    const now = await focusState(page);
    trail.push(now.desc);
    const where = await ends();
    assert(where.inside, `Tab left the open dialog for ${now.desc}`);
    back = where.first;
    await checkStep(page, now, !back, trail);
  }
  assert(back && trail.length >= count, `Tab went round the dialog's ${count} controls back to the first (${trail.join(" → ")})`);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert(await isFocused(opener), `Escape closed the dialog and focus is back on ${opener}`);
}

/** Waits (up to 5 s) until a field's aria-invalid says `value`. */
async function invalidIs(field, value) {
  await until(async () => (await field.getAttribute("aria-invalid")) === value, `the card field's aria-invalid to be ${value}`);
}

/** Types into the control with focus, after selecting what it holds. */
async function typeHere(page, text) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text, { delay: 5 });
}

export function keyboardJourneys({ browser, base, products }) {
  // A gown the sandbox charges (it declines 2000.00 and more on purpose), with a colour to choose.
  const payable = new Map(products.filter((p) => p.color.length > 0 && p.price + 56.9 < 2000).map((p) => [p.id, p]));
  return [
    {
      name: "a11y keyboard only: a signed-in shopper goes from the home page to a paid order",
      fn: async () => {
        const { page, context } = await signedIn(browser, base);
        const header = (name) => page.locator("header").getByRole("button", { name, exact: true });
        const dialog = (name) => page.getByRole("dialog", { name, exact: true });
        await page.goto(`${base}/`);

        // The first Tab shows the skip link; then the header's controls, each panel trapping focus.
        await page.keyboard.press("Tab");
        assert(await isFocused(page.getByRole("link", { name: "Skip to content" })), "the first Tab reaches Skip to content");
        for (const [button, panel] of [
          ["Open menu", "Menu"],
          ["Search", "Search"],
          ["Account", "Account"],
        ]) {
          await tabTo(page, header(button), { max: 6 });
          await page.keyboard.press("Enter");
          if (panel === "Account") await dialog(panel).getByRole("link", { name: "GO TO MY ACCOUNT" }).waitFor();
          await checkTrap(page, dialog(panel), header(button));
        }

        // Down the home page to the first gown it shows that the sandbox will charge.
        let product = null;
        const trail = [];
        for (let i = 0; i < 250 && !product; i += 1) {
          await page.keyboard.press("Tab");
          const now = await focusState(page);
          trail.push(now.desc);
          await checkStep(page, now, true, trail);
          const href = await page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
          product = payable.get(/^\/shop\/product\/([^/]+)\//.exec(href)?.[1]) ?? null;
        }
        assert(product, `no payable product reached from the home page: … ${trail.slice(-6).join(" → ")}`);
        await page.keyboard.press("Enter");
        await page.waitForURL(new RegExp(`/shop/product/${product.id}/`));
        await page.getByRole("heading", { level: 1 }).filter({ hasText: product.name.trim().toUpperCase() }).waitFor();
        await hydrated(page);

        // Colour (and size) with the arrow keys, the size guide and the made-to-order modal, then ADD TO CART.
        // Each select is inside its label, so its name goes on with the option it shows ("Color Select a color").
        const color = page.locator(".buy__selects").getByLabel("Color");
        await tabTo(page, color);
        await page.keyboard.press("ArrowDown");
        assert((await color.inputValue()) === product.color[0], `ArrowDown chose the first colour (${await color.inputValue()})`);
        const size = page.locator(".buy__selects").getByLabel("Size");
        if (product.size.length > 0) {
          await tabTo(page, size, { max: 2 });
          await page.keyboard.press("ArrowDown");
          assert((await size.inputValue()) === product.size[0], "ArrowDown chose the first size");
        }
        const guide = page.getByRole("button", { name: "SIZE GUIDE" });
        await tabTo(page, guide, { max: 4 });
        await page.keyboard.press("Enter");
        await checkTrap(page, dialog("SIZE GUIDE"), guide);
        const add = page.getByRole("button", { name: "ADD TO CART" });
        await tabTo(page, add, { max: 2 });
        await page.keyboard.press("Enter");
        await page.getByText("Add to cart successfully!").waitFor();
        const custom = page.getByRole("button", { name: "CUSTOM TO ORDER" });
        await tabTo(page, custom, { max: 4 });
        await page.keyboard.press("Space");
        await checkTrap(page, dialog("MADE TO ORDER"), custom);

        // Back up to the header's bag: it traps focus, Escape gives it back, Enter opens it again.
        await tabTo(page, header("Shopping bag"), { backwards: true, max: 60 });
        await page.keyboard.press("Enter");
        await dialog("Shopping bag").getByTestId("bag-line").waitFor();
        await checkTrap(page, dialog("Shopping bag"), header("Shopping bag"));
        await page.keyboard.press("Enter");
        const proceed = dialog("Shopping bag").getByRole("link", { name: "PROCEED TO CHECKOUT" });
        await tabTo(page, proceed, { max: 15 });
        await page.keyboard.press("Enter");
        await page.waitForURL(/\/checkout\/$/);
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();

        // Step 1: New Address with Space, each field in order, selects by typing, then Continue.
        const newAddress = page.getByRole("radio", { name: "New Address" });
        await tabTo(page, newAddress, { max: 40 });
        await page.keyboard.press("Space");
        const form = page.getByRole("form", { name: "New Address" });
        await form.waitFor();
        for (const [label, text] of [
          ["First name *", "Linh"],
          ["Last name *", "Tran"],
          ["Country *", "Vietnam"],
          ["State / Province *", "Ho Chi Minh City"],
          ["City *", "District 1"],
          ["Postal code *", "700000"],
          ["Street *", "68 Dong Khoi"],
          ["Phone *", "901234567"],
        ]) {
          const field = form.getByLabel(label, { exact: true });
          await tabTo(page, field, { max: 3 });
          if ((await field.evaluate((el) => el.tagName)) === "SELECT") await page.keyboard.type(text);
          else await typeHere(page, text);
          assert((await field.inputValue()) === text, `${label} holds ${text} (${await field.inputValue()})`);
        }
        await shoot(page, "keyboard-address");
        await tabTo(page, page.getByRole("button", { name: "Continue to payment" }), { max: 6 });
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        const pay = page.getByRole("button", { name: /^PAY / });
        await pay.and(page.locator(":not([disabled])")).waitFor();

        // Step 2: the card fields are frames, each named, its input labelled inside.
        const cards = [
          ["#checkout-card-number", /card number/i],
          ["#checkout-card-expiration", /expiration/i],
          ["#checkout-card-cvv", /cvv/i],
        ];
        for (const [box, name] of cards) {
          const title = await page.locator(`${box} iframe`).getAttribute("title");
          assert(name.test(title ?? ""), `the ${box} frame is named (${title})`);
          await page.frameLocator(`${box} iframe`).getByRole("textbox", { name }).waitFor();
        }
        await tabTo(page, page.locator("#checkout-card-number iframe"), { max: 40 });
        await page.keyboard.type(CARD_OK, { delay: 5 });
        await page.keyboard.press("Tab");
        assert(await isFocused(page.locator("#checkout-card-expiration iframe")), "Tab goes from the card number to its expiration date");
        await checkStep(page, await focusState(page), true, ["card number"]);
        // A date already past: the field says it is invalid, and Pay says the card needs checking.
        // (A year of 20 could still become 2030: 19 cannot.)
        await page.keyboard.type("0119", { delay: 5 });
        const expiration = page.frameLocator("#checkout-card-expiration iframe").getByRole("textbox", { name: /expiration/i });
        await invalidIs(expiration, "true");
        await page.keyboard.press("Tab");
        assert(await isFocused(page.locator("#checkout-card-cvv iframe")), "Tab goes from the expiration date to the CVV");
        await page.keyboard.type("123", { delay: 5 });
        await tabTo(page, pay, { max: 3 });
        await page.keyboard.press("Enter");
        await page.getByRole("alert").filter({ hasText: "Please check your card details." }).waitFor();
        assert(await isFocused(pay), "focus stays on Pay when the card is refused");
        await shoot(page, "keyboard-card-error");
        await tabTo(page, page.locator("#checkout-card-expiration iframe"), { backwards: true, max: 3 });
        await typeHere(page, "1230");
        await invalidIs(expiration, "false");
        await tabTo(page, pay, { max: 3 });
        await page.keyboard.press("Enter");

        await page.waitForURL(/\/checkout\/notify\/\?status=success/, { timeout: 30_000 });
        await hydrated(page);
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        await tabTo(page, page.getByRole("link", { name: "VIEW MY ORDERS" }), { max: 12 });
        await shoot(page, "keyboard-paid");
        await context.close();
      },
    },
  ];
}
