/**
 * Journeys of a purchase: sign in, fill the bag, /checkout (address step,
 * card hosted fields, 3-D Secure, PayPal) against the payment sandbox, the
 * result page, the order in My Orders and its email. Every order stays under
 * 2000.00 (the sandbox declines 2000.00-2999.99 on purpose) and each journey
 * has its own shopper, so they run in parallel on one shop. The amounts the
 * pages show are the server's quote (`GET /api/cart`'s `quote`), compared
 * as the API answers them.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { WIDTHS, assert, freshPage, hydrated, shoot, until } from "./harness.mjs";
import { CARD_OK, PASSWORD, fillNewAddress, register, saveAddress, signIn } from "./shoppers.mjs";

const CARD_DECLINED = "4000111111111115";
const CARD_3DS_CHALLENGE = "4000000000001091";
const usd = (n) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

/** A new shopper registered through the API; signed in through the API too unless `viaPanel`. */
async function shopper(browser, base, size, tag, viaPanel = false) {
  const { page, context, problems } = await freshPage(browser, size);
  const email = await register(context, base, tag);
  if (viaPanel) {
    await page.goto(`${base}/`);
    await page.getByRole("button", { name: "Account" }).click();
    const panel = page.getByRole("dialog", { name: "Account" });
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await Promise.all([page.waitForEvent("load"), panel.getByRole("button", { name: "LOGIN" }).click()]);
    await hydrated(page);
  } else {
    await signIn(context, base, email);
  }
  return { page, context, problems, email };
}

/** Adds a product from its page with its first colour and the given quantity. */
async function addToBag(page, base, product, quantity) {
  await page.goto(`${base}/shop/product/${product.id}/${product.slug}/`);
  await page.getByLabel("Color").selectOption(product.color[0]);
  const box = page.getByLabel("Quantity");
  await box.fill("");
  await box.pressSequentially(String(quantity));
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await page.getByText("Add to cart successfully!").waitFor();
}

async function openCheckout(page, base) {
  await page.goto(`${base}/checkout/`);
  await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
}

async function continueToPayment(page) {
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "EDIT" }).waitFor();
}

async function typeInto(page, container, text) {
  const input = page.frameLocator(`${container} iframe`).locator("input").first();
  await input.click();
  await input.pressSequentially(text, { delay: 5 });
}

async function fillCard(page, number) {
  await page.getByRole("button", { name: /^PAY / }).and(page.locator(":not([disabled])")).waitFor();
  await typeInto(page, "#checkout-card-number", number);
  await typeInto(page, "#checkout-card-expiration", "1230");
  await typeInto(page, "#checkout-card-cvv", "123");
}

async function result(page, title) {
  await page.waitForURL(/\/checkout\/notify\/\?status=/, { timeout: 30_000 });
  await hydrated(page);
  await page.getByRole("heading", { name: title }).waitFor();
}

/** From the checkout's first step to a card typed in, on a new address. */
async function readyToPay(page, base, card) {
  await openCheckout(page, base);
  await fillNewAddress(page);
  await continueToPayment(page);
  await fillCard(page, card);
}

/** The tab's document loads (a reload, a hard navigation): `next(pattern)` waits for the next one whose address matches. */
function documentLoads(page) {
  const seen = [];
  page.on("request", (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && seen.push(r.url()));
  return {
    next(pattern, timeout = 30_000) {
      return until(() => seen.find((u) => pattern.test(u)), `a document load of ${pattern} (seen: ${seen.join(", ")})`, { timeout });
    },
  };
}

/** How many card charges of exactly this amount the sandbox holds (each journey pays its own amount). */
async function chargesOf(base, amountCents) {
  return (await sandboxTransactions(base)).filter((t) => t.amountCents === amountCents).length;
}

async function sandboxTransactions(base) {
  const res = await fetch(`${base}/sandbox/__control/transactions`);
  assert(res.ok, `transactions ${res.status}`);
  return (await res.json()).transactions;
}

async function ordersOf(context, base) {
  const res = await context.request.get(`${base}/api/orders/me`);
  assert(res.ok(), `orders ${res.status()}`);
  // The contract nests the orders as the spec has it: `{ data: { data: [...] } }`.
  return (await res.json()).data.data;
}

/** The bag as the API answers it: `{data, count, quote}` (quote: the server's price of the available lines). */
async function cartOf(context, base) {
  const res = await context.request.get(`${base}/api/cart`);
  assert(res.ok(), `cart ${res.status()}`);
  return res.json();
}

async function bagOf(context, base) {
  return (await cartOf(context, base)).data;
}

/** How the pages print a quote's shipping: Free at 0. */
const shippingText = (fee) => (fee === 0 ? "Free" : usd(fee));

/** A fault of the payment sandbox (see sdk/sandbox/src/control.rs): the next matching request fails as told. */
async function sandboxFault(base, fault) {
  const res = await fetch(`${base}/sandbox/__control/fail-next`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
  assert(res.ok, `fail-next ${res.status} ${await res.text()}`);
}

/** The order confirmation sent to that shopper (quoted-printable soft breaks undone), if it is in the outbox yet. */
function mailTo(dataDir, email) {
  const dir = join(dataDir, "outbox");
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
    const text = readFileSync(join(dir, f), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (text.includes(email) && text.includes("Total paid")) return text;
  }
  return null;
}

/** An .eml of the outbox read as a shopper's mail program shows it: the subject (RFC 2047 words decoded), the text and the HTML part. */
function readMail(raw) {
  const [head, ...rest] = raw.split("\r\n\r\n");
  // mailTo's soft-break undo also eats an encoded word's closing "=" and the fold after it, so the words are read as "=?UTF-8?B?…?" up to the next header.
  const words = /^Subject: ([\s\S]*?)(?:\r\n(?![ \t])|Date: )/m.exec(head)?.[1] ?? "";
  const subject = [...words.matchAll(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?/g)].map((m) => Buffer.from(m[1], "base64").toString("utf8")).join("") || words.trim();
  const body = rest.join("\r\n\r\n");
  const part = (type) => new RegExp(`Content-Type: ${type}[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\\s\\S]*?)\r\n--=_`).exec(body)?.[1] ?? "";
  return { subject, text: part("text/plain").replace(/\r\n/g, "\n"), html: part("text/html") };
}

/** Screenshots of the confirmation as the shopper reads it, on a page of its own: the email as text (with its subject), and its invoice. */
async function shootMail(context, mail, name) {
  const escape = (t) => t.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
  const page = await context.newPage();
  await page.setContent(`<pre style="font:15px/1.5 monospace;white-space:pre-wrap;margin:1em">Subject: ${escape(mail.subject)}\n\n${escape(mail.text)}</pre>`);
  await shoot(page, `${name}-email`);
  await page.setContent(mail.html);
  await shoot(page, `${name}-invoice`);
  await page.close();
}

/**
 * A new shopper's order, paid by card through the shop's own checkout (the atelier's journeys move it on):
 * the shopper's page and context (still signed in), their email, and the order as My Orders' API answers it.
 */
export async function placedOrder(browser, base, product, tag) {
  const { page, context, problems, email } = await shopper(browser, base, WIDTHS.desktop, tag);
  await addToBag(page, base, product, 1);
  await readyToPay(page, base, CARD_OK);
  await page.getByRole("button", { name: /^PAY / }).click();
  await result(page, "Payment Successful!");
  const [order] = await ordersOf(context, base);
  assert(order, `${email} has an order`);
  return { page, context, problems, email, order };
}

export function checkoutJourneys({ browser, base, shop, products }) {
  // The cheapest products keep every order far below the sandbox's 2000.00 decline range.
  const [cheap, second, third, fourth = third] = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price);
  const twoProducts = async (page) => {
    await addToBag(page, base, cheap, 2);
    await addToBag(page, base, second, 1);
  };
  const expected = cheap.price * 2 + second.price + 56.9;

  return [
    {
      name: "checkout: sign in → two products (one ×2) → new address → card → success → My Orders → email",
      fn: async () => {
        const { page, context, problems, email } = await shopper(browser, base, WIDTHS.desktop, "buyer", true);
        await twoProducts(page);
        // What counts is the checkout's own errors: leaving a page mid-load aborts its fetches (logged), by design.
        problems.length = 0;
        await page.getByRole("button", { name: "Shopping bag" }).click();
        await page.getByRole("dialog", { name: "Shopping bag" }).getByRole("link", { name: "PROCEED TO CHECKOUT" }).click();
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
        await page.getByText(`You are checking out as ${email}`).waitFor();
        assert((await page.getByTestId("summary-line").count()) === 2, "two summary lines");
        await page
          .getByTestId("summary-line")
          .filter({ hasText: cheap.name })
          .getByText(usd(cheap.price * 2))
          .waitFor();
        assert((await page.getByTestId("summary-shipping").textContent()) === "$56.90", "Express shipping below 2276.02");
        assert((await page.getByTestId("summary-total").textContent()) === usd(expected), `total ${usd(expected)}`);
        assert((await page.getByTestId("paypal-button").count()) === 0, "no payment before the address step");
        await fillNewAddress(page);
        await shoot(page, "checkout-step1");
        await continueToPayment(page);
        await fillCard(page, CARD_OK);
        await shoot(page, "checkout-step2");
        await page.getByRole("button", { name: `PAY ${usd(expected)}` }).click();
        await result(page, "Payment Successful!");
        await page.getByText("Please check your email for the invoice.").waitFor();
        await shoot(page, "checkout-notify-success");
        await page.setViewportSize(WIDTHS.mobile);
        await shoot(page, "checkout-notify-success");
        await page.setViewportSize(WIDTHS.desktop);
        assert((await bagOf(context, base)).length === 0, "the server emptied the bag");
        await page.getByRole("link", { name: "VIEW MY ORDERS" }).click();
        const card = page.getByTestId("order-card").first();
        await card.waitFor();
        await card.getByText(usd(expected)).first().waitFor();
        const orders = await ordersOf(context, base);
        assert(orders.length === 1 && Math.abs(orders[0].total - expected) < 0.001, "one order at the charged total");
        // One order number, the API's, the same on the card, in the email's subject and body, and on the invoice.
        const { id, number } = orders[0];
        assert(number === `#${id.slice(-8, -4)}-${id.slice(-4)}`, `the number is the id's random tail, grouped: ${number}`);
        assert((await card.getByTestId("order-number").textContent()) === number, "My Orders shows the API's number");
        const mail = await until(() => mailTo(shop.dataDir, email), "the confirmation email in the outbox");
        assert(mail.includes(`total ${usd(expected)}`), "the email states the total");
        await shoot(page, "order-number-my-orders");
        const { subject, text, html } = readMail(mail);
        assert(
          subject === `Maison Lan Anh — order ${number} received, awaiting confirmation (invoice attached)`,
          `the subject says what the body says: ${subject}`,
        );
        assert(text.includes(`Order ${number}, total`) && text.includes("We have received your order and will confirm it shortly"), `the body: ${text}`);
        assert(html.includes(`<title>Invoice ${number}</title>`) && html.includes(`Invoice for order ${number}`), "the invoice names the order by its number");
        assert(![subject, text, html].some((t) => t.includes(id)), "the full id is nowhere the shopper reads");
        assert(!/<small>\s*·|·\s*<\/small>/.test(html) && !/\(,|, \)/.test(text), "no item line starts or ends with a separator");
        await card.getByText(/AWAITING CONFIRMATION/).waitFor();
        const footerMail = (await page.getByRole("contentinfo").locator('a[href^="mailto:"]').getAttribute("href"))?.replace("mailto:", "");
        assert(footerMail && text.includes(footerMail) && html.includes(footerMail), `the email gives the footer's address ${footerMail}`);
        await shootMail(context, { subject, text, html }, "order-number");
        assert(problems.length === 0, problems.join("; "));
        await context.close();
      },
    },
    {
      name: "checkout: the bag and the order summary show the server's quote at current prices, and Pay sends it",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "quote");
        await twoProducts(page);
        const cart = await cartOf(context, base);
        const { quote } = cart;
        assert(quote && typeof quote.total === "number", `the bag has a quote: ${JSON.stringify(cart)}`);
        assert(cart.data.length === 2 && cart.data.every((l) => l.available === true), "both lines are available");
        const gown = cart.data.find((l) => l.product.id === cheap.id);
        assert(gown && gown.price === cheap.price && gown.quantity === 2, `the line is at the catalogue's price now (${gown?.price} vs ${cheap.price})`);
        assert(quote.total < 2000, `the quote ${quote.total} stays below the sandbox's decline range`);

        // The bag panel: each line at its current price, then the server's figures as they are.
        await page.getByRole("button", { name: "Shopping bag" }).click();
        const bag = page.getByRole("dialog", { name: "Shopping bag" });
        await bag
          .getByTestId("bag-total")
          .filter({ hasText: usd(quote.total) })
          .waitFor();
        assert((await bag.getByTestId("bag-subtotal").textContent()) === usd(quote.subtotal), "the bag's subtotal is the quote's");
        assert((await bag.getByTestId("bag-shipping").textContent()) === shippingText(quote.shippingfee), "the bag's shipping is the quote's");
        assert((await bag.getByTestId("bag-tax").count()) === (quote.tax > 0 ? 1 : 0), "a tax line only when the quote has tax");
        await bag
          .getByTestId("bag-line")
          .filter({ hasText: cheap.name })
          .getByText(usd(cheap.price * 2))
          .waitFor();
        await shoot(page, "bag-quote");
        await bag.getByRole("link", { name: "PROCEED TO CHECKOUT" }).click();

        // The order summary: the same figures, and the Pay button asks for the quote's total.
        await page.getByRole("heading", { name: "CHECKOUT" }).waitFor();
        await page
          .getByTestId("summary-total")
          .filter({ hasText: usd(quote.total) })
          .waitFor();
        assert((await page.getByTestId("summary-subtotal").textContent()) === usd(quote.subtotal), "the summary's subtotal is the quote's");
        assert((await page.getByTestId("summary-shipping").textContent()) === shippingText(quote.shippingfee), "the summary's shipping is the quote's");
        if (quote.tax > 0) assert((await page.getByTestId("summary-tax").textContent()) === usd(quote.tax), "the summary's tax is the quote's");
        await fillNewAddress(page);
        await continueToPayment(page);
        await fillCard(page, CARD_OK);
        const pay = page.getByRole("button", { name: `PAY ${usd(quote.total)}` });
        const [sent] = await Promise.all([page.waitForRequest((r) => r.url() === `${base}/api/payment/checkout` && r.method() === "POST"), pay.click()]);
        const body = sent.postDataJSON();
        assert(
          body.amount === quote.total && body.shippingfee === quote.shippingfee,
          `Pay sends the quote (${body.amount}, ${body.shippingfee}) not a sum of its own`,
        );
        await result(page, "Payment Successful!");
        const orders = await ordersOf(context, base);
        assert(orders.length === 1 && orders[0].total === quote.total, `one order at the quoted total (${orders[0]?.total} vs ${quote.total})`);
        const after = await cartOf(context, base);
        assert(after.data.length === 0 && after.quote == null, "the emptied bag has no quote");
        await context.close();
      },
    },
    {
      name: "checkout: a charge whose answer is lost → Confirming your payment…, no Pay; the reconciler places it → success, charged once",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "lost");
        // Its own amount (the fourth cheapest alone) tells its charge from the other journeys'.
        await addToBag(page, base, fourth, 1);
        const { quote } = await cartOf(context, base);
        assert(quote && quote.total < 2000, `a quote below the sandbox's decline range: ${JSON.stringify(quote)}`);
        const amountCents = Math.round(quote.total * 100);
        await readyToPay(page, base, CARD_OK);
        const charged = () => chargesOf(base, amountCents);
        const before = await charged();
        // The card is tokenized by now (the SDK also calls /graphql): the fault goes in just as the
        // checkout leaves the page, so the shop's charge is the next /graphql request. The sandbox
        // charges, then closes the connection without an answer.
        let faulted = false;
        let faultError = null;
        await page.route(`${base}/api/payment/checkout`, async (route) => {
          if (!faulted) {
            faulted = true;
            faultError = await sandboxFault(base, { pathPrefix: "/graphql", after: true, drop: true }).then(
              () => null,
              (e) => e,
            );
          }
          await route.continue();
        });
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url() === `${base}/api/payment/checkout` && r.request().method() === "POST", { timeout: 60_000 }),
          page.getByRole("button", { name: /^PAY / }).click(),
        ]);
        await page.unroute(`${base}/api/payment/checkout`);
        assert(faulted && !faultError, `the sandbox fault went in: ${faultError}`);
        const confirming = await answer.json();
        assert(
          answer.status() === 202 && confirming.code === "payment_confirming" && confirming.paymentId,
          `the lost answer is 202 payment_confirming: ${answer.status()} ${JSON.stringify(confirming)}`,
        );

        // Confirming, announced politely; nothing says it failed and nothing lets the shopper pay again.
        const status = page.getByRole("status").filter({ hasText: "Confirming your payment…" });
        await status.waitFor();
        assert((await status.getAttribute("aria-live")) === "polite", "the confirming state is announced");
        assert((await page.getByRole("button", { name: /^PAY / }).count()) === 0, "no Pay button while the payment is confirmed");
        assert((await page.getByRole("button", { name: "Pay with PayPal" }).count()) === 0, "no PayPal button while the payment is confirmed");
        assert((await page.getByText(/payment failed/i).count()) === 0, "nothing says the payment failed");
        assert(new URL(page.url()).pathname === "/checkout/", `still on the checkout: ${page.url()}`);
        // The page asks the payment's status (every 2 s) and hears it is still being confirmed.
        const polled = await page.waitForResponse((r) => r.url().startsWith(`${base}/api/payment/status/`), { timeout: 10_000 });
        assert(polled.ok() && (await polled.json()).status === "confirming", `the status route answers confirming before the reconciler: ${polled.status()}`);
        await shoot(page, "checkout-confirming");
        assert((await ordersOf(context, base)).length === 0, "no order before the reconciler");

        // The operator's reconciler finds the charge by its order reference and places the order. It runs
        // as if `ahead` seconds had passed: past this lost answer's settle time (30 s), short of the
        // deadline (60 s) of the charges other journeys have in flight at this moment.
        const reconciled = await page.request.post(`${base}/api/__test/reconcile?ahead=45`, { headers: { Origin: base } });
        assert(reconciled.ok(), `reconcile ${reconciled.status()} ${await reconciled.text()}`);
        const report = await reconciled.json();
        const n = report.reconciled ?? report.placed;
        assert(typeof n === "number" && n >= 1, `the reconciler placed this payment: ${JSON.stringify(report)}`);

        // The next poll hears `placed`: the success page, as for a 201.
        await result(page, "Payment Successful!");
        const orders = await ordersOf(context, base);
        assert(orders.length === 1 && orders[0].total === quote.total, `one order at the quoted total: ${JSON.stringify(orders.map((o) => o.total))}`);
        assert((await bagOf(context, base)).length === 0, "the server emptied the bag");
        const charges = (await charged()) - before;
        assert(charges === 1, `one charge, not ${charges}`);
        await context.close();
      },
    },
    {
      name: "checkout: a declined card → Payment Failed, the bag intact",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.mobile, "declined");
        await twoProducts(page);
        await openCheckout(page, base);
        await fillNewAddress(page);
        await shoot(page, "checkout-step1");
        await continueToPayment(page);
        await fillCard(page, CARD_DECLINED);
        await shoot(page, "checkout-step2");
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Failed");
        await page.getByText("Please try again or use another payment method.").waitFor();
        await shoot(page, "checkout-notify-fail");
        await page.setViewportSize(WIDTHS.desktop);
        await shoot(page, "checkout-notify-fail");
        const bag = await bagOf(context, base);
        assert(bag.length === 2 && bag.some((l) => l.quantity === 2), "the bag is as it was");
        assert((await ordersOf(context, base)).length === 0, "no order");
        await context.close();
      },
    },
    {
      name: "checkout: PayPal cancel, then approve in the popup → success",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "paypal");
        await twoProducts(page);
        await openCheckout(page, base);
        await fillNewAddress(page);
        await continueToPayment(page);
        const button = page.getByRole("button", { name: "Pay with PayPal" });
        let [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
        await popup.getByRole("button", { name: "Cancel" }).click();
        await page.getByText("The PayPal payment was canceled.").waitFor();
        assert((await ordersOf(context, base)).length === 0, "a canceled PayPal payment places no order");
        [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
        await popup.getByRole("button", { name: "Approve" }).click();
        await result(page, "Payment Successful!");
        const orders = await ordersOf(context, base);
        assert(orders.length === 1 && Math.abs(orders[0].total - expected) < 0.001, "one PayPal order at the total");
        await context.close();
      },
    },
    {
      name: "checkout: 3-D Secure challenge completed in its frame → success",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "tds");
        await addToBag(page, base, cheap, 1);
        await readyToPay(page, base, CARD_3DS_CHALLENGE);
        await page.getByRole("button", { name: /^PAY / }).click();
        const challenge = page.frameLocator("[data-cardinal-modal] iframe");
        await challenge.getByRole("heading", { name: "Purchase authentication" }).waitFor();
        await shoot(page, "checkout-3ds-challenge");
        await challenge.locator("#submit").click();
        await result(page, "Payment Successful!");
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "checkout: the session expires mid-checkout (access cookie gone) → the refresh recovers the payment",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "expiry");
        await addToBag(page, base, cheap, 1);
        await readyToPay(page, base, CARD_OK);
        const cookies = await context.cookies();
        assert(
          cookies.some((c) => c.name === "access"),
          "an access cookie to lose",
        );
        await context.clearCookies({ name: "access" });
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Successful!");
        assert(
          (await context.cookies()).some((c) => c.name === "access"),
          "the refresh set a new access cookie",
        );
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "checkout: address step rules and messages, EDIT and Save Changes",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.mobile, "rules");
        await addToBag(page, base, cheap, 1);
        await openCheckout(page, base);
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.getByText("Please select a shipping address before continuing.").waitFor();
        await page.getByRole("radio", { name: "New Address" }).check();
        await page.getByRole("button", { name: "Continue to payment" }).click();
        for (const text of [
          "Please enter your first name.",
          "Please enter your last name",
          "Please select your country.",
          "Please enter postal code.",
          "Please enter street.",
        ]) {
          await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
        }
        const form = page.getByRole("form", { name: "New Address" });
        await form.getByLabel("Postal code *").fill("12");
        await form.getByLabel("Phone *").fill("12ab");
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.getByText("Please enter a valid postal code.").waitFor();
        await page.getByText("Please enter a valid phone number.").waitFor();
        await shoot(page, "checkout-rules");
        // Dependent selects: a new country clears state and city.
        await form.getByLabel("Country *").selectOption("Vietnam");
        await form.getByLabel("State / Province *").selectOption("Ho Chi Minh City");
        await form.getByLabel("City *").selectOption("District 1");
        await form.getByLabel("Country *").selectOption("France");
        assert((await form.getByLabel("State / Province *").inputValue()) === "", "country change clears the state");
        await fillNewAddress(page);
        await continueToPayment(page);
        await page.getByRole("button", { name: "EDIT" }).click();
        await page.getByRole("button", { name: "Save Changes" }).click();
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        await context.close();
      },
    },
    {
      name: "checkout: a saved address card is chosen; New Address clears the choice and back",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "saved");
        await saveAddress(context, base, "Atelier");
        await addToBag(page, base, cheap, 1);
        await openCheckout(page, base);
        const card = page.getByTestId("saved-address").filter({ hasText: "Atelier" });
        await card.getByText("PRIMARY SHIPPING").waitFor();
        await card.getByRole("radio").check();
        await page.getByRole("radio", { name: "New Address" }).check();
        assert(!(await card.getByRole("radio").isChecked()), "New Address clears the chosen card");
        await page.getByRole("form", { name: "New Address" }).getByLabel("First name *").fill("Someone");
        await card.getByRole("radio").check();
        assert((await page.getByRole("form", { name: "New Address" }).count()) === 0, "a chosen card closes the new-address form");
        await page.getByRole("radio", { name: "New Address" }).check();
        assert((await page.getByRole("form", { name: "New Address" }).getByLabel("First name *").inputValue()) === "", "choosing a card cleared the form");
        await card.getByRole("radio").check();
        await continueToPayment(page);
        await page.getByText("12 Vo Van Tan").waitFor();
        await page.getByRole("button", { name: /^PAY / }).waitFor();
        await context.close();
      },
    },
    {
      name: "checkout: a double click on Pay charges once",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "double");
        // Its own amount (the third cheapest alone) tells its charges from the other journeys'.
        const amountCents = Math.round((third.price + 56.9) * 100);
        await addToBag(page, base, third, 1);
        await readyToPay(page, base, CARD_OK);
        const charged = () => chargesOf(base, amountCents);
        const before = await charged();
        await page.getByRole("button", { name: /^PAY / }).dblclick();
        await result(page, "Payment Successful!");
        const charges = (await charged()) - before;
        assert(charges === 1, `one charge, not ${charges}`);
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "checkout keeps its place: Back and Forward between the steps, a reload, a declined card's TRY AGAIN; Back after success shows no old failure",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "place");
        await addToBag(page, base, cheap, 1);
        await openCheckout(page, base);
        await fillNewAddress(page);
        await continueToPayment(page);
        assert(new URL(page.url()).search === "?step=payment", `the payment step is an entry of its own: ${page.url()}`);
        // Back: the address step, as typed; Forward: the payment step with it.
        await page.goBack();
        const form = page.getByRole("form", { name: "New Address" });
        await form.getByLabel("First name *").waitFor();
        assert((await form.getByLabel("Street *").inputValue()) === "68 Dong Khoi", "Back keeps the typed address");
        assert(new URL(page.url()).pathname === "/checkout/", `Back stays on the checkout: ${page.url()}`);
        await page.goForward();
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        await page.getByText(/68 Dong Khoi/).waitFor();
        // A reload of the payment step keeps the address too.
        await page.reload();
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        await page.getByText(/68 Dong Khoi/).waitFor();
        await fillCard(page, CARD_DECLINED);
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Failed");
        await page.getByRole("link", { name: "TRY AGAIN" }).click();
        await page.getByRole("button", { name: "EDIT" }).waitFor();
        await page.getByText(/68 Dong Khoi/).waitFor();
        await shoot(page, "checkout-try-again");
        await fillCard(page, CARD_OK);
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Successful!");
        // Back twice: the checkout (its bag now empty), then the product page; never the old failure.
        await page.goBack();
        await page.getByText("Your shopping bag is empty.").waitFor();
        assert((await page.getByText("Payment Failed").count()) === 0, "Back after success shows no old failure");
        await page.goBack();
        await page.getByRole("button", { name: "ADD TO CART" }).waitFor();
        assert((await page.getByText("Payment Failed").count()) === 0, "Back twice after success shows no old failure");
        await context.close();
      },
    },
    {
      name: "checkout: a new address is kept in the address book (box on by default) and offered at the next checkout, never twice",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "book");
        const book = async () => (await (await context.request.get(`${base}/api/addresses`)).json()).data;
        await addToBag(page, base, cheap, 1);
        await openCheckout(page, base);
        await fillNewAddress(page);
        const keep = page.getByRole("checkbox", { name: "Save this address to my address book" });
        assert(await keep.isChecked(), "the address book box is on by default");
        await shoot(page, "checkout-keep-address");
        await continueToPayment(page);
        await fillCard(page, CARD_OK);
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Successful!");
        // The next checkout offers it as a saved address.
        await addToBag(page, base, cheap, 1);
        await openCheckout(page, base);
        const card = page.getByTestId("saved-address").filter({ hasText: "68 Dong Khoi" });
        await card.waitFor();
        assert((await page.getByRole("form", { name: "New Address" }).count()) === 0, "the next checkout opens afresh, the address offered as a card");
        // The same address typed again is not kept twice: Continue decides at once and sends no save.
        const saves = [];
        page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/addresses") && saves.push(r.url()));
        await fillNewAddress(page);
        await continueToPayment(page);
        assert(saves.length === 0, `no second save of the same address: ${saves.length}`);
        const kept = await book();
        assert(kept.length === 1 && kept[0].street === "68 Dong Khoi", `one address in the book: ${JSON.stringify(kept.map((a) => a.street))}`);
        await context.close();
      },
    },
    {
      name: "checkout offline: Pay says the connection (not the card) and keeps the card; back online the frames stay and it pays once",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "offline");
        await addToBag(page, base, cheap, 1);
        await readyToPay(page, base, CARD_OK);
        const tokens = [];
        page.on("request", (r) => r.url().includes("/api/payment/client-token") && tokens.push(r.url()));
        await context.setOffline(true);
        await page.getByRole("button", { name: /^PAY / }).click();
        const alert = page.getByRole("alert").filter({ hasText: "You are offline." });
        await alert.waitFor();
        await shoot(page, "checkout-offline-pay");
        assert((await page.getByText("Please check your card details.").count()) === 0, "offline is not blamed on the card");
        await context.setOffline(false);
        await alert.waitFor({ state: "detached" });
        const number = page.frameLocator("#checkout-card-number iframe").locator("input").first();
        assert((await number.inputValue()).replace(/\D/g, "") === CARD_OK, "back online, the typed card number is kept");
        await shoot(page, "checkout-offline-back-online");
        await page.getByRole("button", { name: /^PAY / }).click();
        await result(page, "Payment Successful!");
        // Counted once paid: a client token fetched on reconnecting would have come before the payment.
        assert(tokens.length === 0, `no new client token on reconnecting: ${tokens.length}`);
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "checkout offline: the connection drops as the payment is answered; back online the same payment is asked again: one charge, one order, the success page",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "dropped");
        await addToBag(page, base, fourth, 2);
        const { quote } = await cartOf(context, base);
        const amountCents = Math.round(quote.total * 100);
        await readyToPay(page, base, CARD_OK);
        const before = await chargesOf(base, amountCents);
        const sent = [];
        // The first payment reaches the shop (charged, placed); its answer is lost with the connection.
        await page.route(`${base}/api/payment/checkout`, async (route) => {
          sent.push(route.request().postDataJSON());
          if (sent.length > 1) return route.continue();
          await route.fetch();
          await context.setOffline(true);
          await route.abort("internetdisconnected");
        });
        await page.getByRole("button", { name: /^PAY / }).click();
        await page.getByRole("alert").filter({ hasText: "The connection was lost before your payment's answer arrived." }).waitFor();
        await shoot(page, "checkout-answer-lost");
        assert((await page.getByText(/payment failed/i).count()) === 0, "a lost answer is not a failure");
        await context.setOffline(false);
        await result(page, "Payment Successful!");
        assert(sent.length === 2 && sent[1].idempotencyKey === sent[0].idempotencyKey, `asked again with the same key: ${sent.length}`);
        assert((await chargesOf(base, amountCents)) - before === 1, "charged once");
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "checkout offline: the answer arrives as the connection drops; after reconnecting a reload shows the result page, not its raw page data",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.desktop, "rawtext");
        await addToBag(page, base, cheap, 1);
        await readyToPay(page, base, CARD_OK);
        await page.route(`${base}/api/payment/checkout`, async (route) => {
          const answer = await route.fetch();
          await context.setOffline(true);
          await route.fulfill({ response: answer });
        });
        const loads = documentLoads(page);
        await page.getByRole("button", { name: /^PAY / }).click();
        // The result page cannot load offline: the tab is sent to its page data (Next's fallback).
        const offlineAt = await loads.next(/\/checkout\/notify\//);
        await context.setOffline(false);
        await page.reload();
        await hydrated(page);
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        const url = new URL(page.url());
        assert(offlineAt.includes("/checkout/notify/index.txt"), `the tab was sent to the result's page data: ${offlineAt}`);
        assert(
          url.pathname === "/checkout/notify/" && url.searchParams.get("status") === "success",
          `on the result page (offline at ${offlineAt}): ${page.url()}`,
        );
        assert((await ordersOf(context, base)).length === 1, "one order");
        await context.close();
      },
    },
    {
      name: "site offline: a product link clicked offline, then a reload online shows the product page, never raw page data",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        await page.goto(`${base}/shop/`);
        await hydrated(page);
        const link = page.locator(`a[href*="/shop/product/"]`).first();
        await link.waitFor();
        const loads = documentLoads(page);
        await context.setOffline(true);
        await link.click();
        // Offline, the navigation's data fetch fails and Next sends the tab to the page data's address.
        const offlineAt = await loads.next(/\/shop\/product\//);
        await context.setOffline(false);
        await page.reload();
        await hydrated(page);
        await page.getByRole("button", { name: "ADD TO CART" }).waitFor();
        assert(offlineAt.includes("/index.txt"), `the tab was sent to the page data: ${offlineAt}`);
        assert(!page.url().includes(".txt"), `a page address, not page data (offline at ${offlineAt}): ${page.url()}`);
        await context.close();
      },
    },
    {
      name: "checkout: a visitor hears the session has expired and goes home",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.mobile);
        await page.goto(`${base}/checkout/`);
        await page.getByText("Your session has expired. Please log in again.").waitFor();
        assert((await page.getByRole("heading", { name: "CHECKOUT" }).count()) === 0, "nothing of the checkout shows");
        await page.waitForURL(`${base}/`);
        await context.close();
      },
    },
    {
      name: "checkout: an empty bag says so and links back to the shop",
      fn: async () => {
        const { page, context } = await shopper(browser, base, WIDTHS.mobile, "empty");
        await openCheckout(page, base);
        await page.getByText("Your shopping bag is empty.").waitFor();
        await page.getByRole("link", { name: "CONTINUE SHOPPING" }).click();
        await page.waitForURL(/\/shop\/$/);
        await context.close();
      },
    },
  ];
}
