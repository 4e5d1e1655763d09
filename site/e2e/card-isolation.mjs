/**
 * Card data isolated by origin: the hosted-field frames come from the
 * payment SDK's assets host, an origin of its own, so a script on the
 * checkout page (the shop's CSP allows inline scripts) cannot read the card
 * number a shopper types, and the checkout still pays.
 */
import { WIDTHS, assert, freshPage, hydrated } from "./harness.mjs";
import { CARD_OK, fillNewAddress, signedInShopper } from "./shoppers.mjs";

async function typeInto(page, container, text) {
  const input = page.frameLocator(`${container} iframe`).locator("input").first();
  await input.click();
  await input.pressSequentially(text, { delay: 5 });
}

/**
 * What a script of the page gets from every card frame: its origin, and what
 * `contentDocument`, `contentWindow.document` and the page's own markup give away.
 */
function readFrames(number) {
  const frames = [...document.querySelectorAll('iframe[name^="braintree-hosted-field-"]')];
  return frames.map((frame) => {
    let viaWindow;
    try {
      const input = frame.contentWindow.document.querySelector("input");
      viaWindow = input ? input.value : "read";
    } catch (e) {
      viaWindow = e.name;
    }
    const doc = frame.contentDocument;
    return {
      name: frame.name,
      origin: new URL(frame.src).origin,
      contentDocument: doc === null ? null : (doc.querySelector("input")?.value ?? "read"),
      viaWindow,
      inPage: document.documentElement.outerHTML.includes(number),
    };
  });
}

export function cardIsolationJourneys({ browser, base, products }) {
  const cheapest = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price)[0];
  return [
    {
      name: "card isolation: a script on the checkout page cannot read the typed card number from its frame, and the checkout still pays",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        await signedInShopper(context, base, "isolated");
        await page.goto(`${base}/shop/product/${cheapest.id}/${cheapest.slug}/`);
        await page.getByLabel("Color").selectOption(cheapest.color[0]);
        await page.getByRole("button", { name: "ADD TO CART" }).click();
        await page.getByText("Add to cart successfully!").waitFor();
        await page.goto(`${base}/checkout/`);
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
        await fillNewAddress(page);
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.getByRole("button", { name: /^PAY / }).and(page.locator(":not([disabled])")).waitFor();
        await typeInto(page, "#checkout-card-number", CARD_OK);

        // The frame really holds the number (as the shopper sees it)...
        const typed = await page.frameLocator("#checkout-card-number iframe").locator("input").first().inputValue();
        assert(typed.replace(/\D/g, "") === CARD_OK, `the number frame holds the typed number (${typed})`);
        // ...and the page's own scripts cannot reach it.
        const seen = await page.evaluate(readFrames, CARD_OK);
        assert(seen.length >= 3, `the card frames are on the page (${seen.length})`);
        const shopOrigin = new URL(base).origin;
        for (const frame of seen) {
          assert(frame.origin !== shopOrigin, `${frame.name} is served from another origin than the shop's (${frame.origin})`);
          assert(frame.contentDocument === null, `${frame.name}: contentDocument is null, not ${JSON.stringify(frame.contentDocument)}`);
          assert(frame.viaWindow === "SecurityError", `${frame.name}: contentWindow.document throws SecurityError, not ${JSON.stringify(frame.viaWindow)}`);
          assert(!frame.inPage, `${frame.name}: the number is nowhere in the page`);
        }

        // The checkout still pays with what the frames hold.
        await typeInto(page, "#checkout-card-expiration", "1230");
        await typeInto(page, "#checkout-card-cvv", "123");
        await page.getByRole("button", { name: /^PAY / }).click();
        await page.waitForURL(/\/checkout\/notify\/\?status=/, { timeout: 30_000 });
        await hydrated(page);
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        await context.close();
      },
    },
  ];
}
