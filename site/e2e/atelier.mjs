/**
 * The atelier console (issue 50), in Chromium with a virtual authenticator (CDP's WebAuthn domain): the
 * first owner, invited by `shopctl staff invite`, enrols from the emailed link and signs in again with the
 * passkey; a staff member the owner invites confirms, ships and delivers a shopper's order (the client's
 * email carries the tracking link, My Orders shows it); the owner refunds part of another order (each step
 * on the timeline and in the audit log, with who); a made-to-order request is answered and an appointment
 * scheduled (the invitation's ICS read back); axe on every console page; and one order from placed to
 * delivered in the console with the keyboard alone.
 *
 * A passkey is bound to a domain name, so the console is opened at localhost (the shop's 127.0.0.1 sends
 * the browser there). Each journey has its own members (shopctl invites as many owners as asked) and its
 * own shoppers, so they run in parallel on one shop.
 *
 * Run only these: E2E_ONLY="atelier:".
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WIDTHS, assert, freshPage, hydrated, shoot, until } from "./harness.mjs";
import { axeViolations, describe } from "./a11y.mjs";
import { emailedLink } from "./accounts.mjs";
import { placedOrder } from "./checkout.mjs";
import { shopctl } from "./server.mjs";
import { newEmail } from "./shoppers.mjs";

/** The console's address: the shop's, named localhost (a passkey's relying party is a domain). */
const consoleOf = (base) => base.replace("//127.0.0.1", "//localhost");

/** A browser context with a passkey authenticator built in, as a phone's or a laptop's (user verified, resident keys). */
async function withAuthenticator(browser) {
  const opened = await freshPage(browser, WIDTHS.desktop);
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { ...opened, cdp };
}

/** The emails to `to` in the shop's outbox as written, oldest first. */
function rawMailsTo(dataDir, to) {
  const dir = join(dataDir, "outbox");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .filter((mail) => mail.includes(to));
}

/** The emails to `to` with quoted-printable soft breaks undone (a base64 part is not for reading so). */
function mailsTo(dataDir, to) {
  return rawMailsTo(dataDir, to).map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The email to `to` that says `needle`, once it is in the outbox. */
function mailSaying(dataDir, to, needle) {
  return until(() => mailsTo(dataDir, to).find((m) => m.includes(needle)), `an email to ${to} that says ${needle}`);
}

/** The calendar part of an email (base64 or plain), as text. */
function calendarOf(mail) {
  const part = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(mail);
  assert(part, "the email has a text/calendar part");
  const head = mail.slice(part.index, part.index + 400);
  const body = part[1].trim();
  return /Content-Transfer-Encoding:\s*base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

/** A member enrolled from their invitation's link in a context of their own (with its authenticator); on the orders page. */
async function enrolFrom(browser, shop, email) {
  const member = await withAuthenticator(browser);
  const link = await emailedLink(shop.dataDir, email, "atelier/enrol", consoleOf(shop.url));
  await member.page.goto(link);
  await member.page.getByRole("heading", { level: 1, name: /^Welcome, / }).waitFor();
  await member.page.getByRole("button", { name: "Create your passkey" }).click();
  await member.page.waitForURL(/\/atelier\/orders\/$/);
  await member.page.getByRole("navigation", { name: "Atelier" }).waitFor();
  return { ...member, email };
}

/** A new owner of the house, invited as the first one is (`shopctl staff invite`), enrolled. */
async function newOwner(browser, shop, tag) {
  const email = newEmail(`owner-${tag}`);
  shopctl(shop, "staff", "invite", email, "--role", "owner");
  return enrolFrom(browser, shop, email);
}

/** Opens a console page as `member` and waits for its heading. */
async function open(member, base, path, heading) {
  await member.page.goto(consoleOf(base) + path);
  await member.page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

/** An order's page in the console, found in the queue by its number. */
async function openOrder(member, base, number) {
  await open(member, base, "/atelier/orders/", "Orders");
  await member.page.getByLabel("Order number, email or name").fill(number);
  await member.page.getByRole("button", { name: "Search" }).click();
  await member.page.getByRole("link", { name: number }).click();
  await member.page.getByRole("heading", { level: 1, name: new RegExp(`Order ${number.replace("#", "#?")}`) }).waitFor();
}

/** The order's timeline entries as the page shows them. */
async function timeline(page) {
  return page.getByTestId("timeline").locator("li").allTextContents();
}

/** Sends the keyboard's Tab until `target` has focus (at most 100 presses). */
async function tabTo(page, target) {
  for (let i = 0; i < 100; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

export function atelierJourneys({ browser, base, shop, products }) {
  // The cheapest pieces with a colour keep every order below the sandbox's decline range.
  const [cheap] = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price);
  const consoleBase = consoleOf(base);
  return [
    {
      name: "atelier: a console page opened at 127.0.0.1 goes to the same page on localhost",
      fn: async () => {
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        await page.goto(`${base}/atelier/orders/?from=here`, { waitUntil: "commit" });
        await page.waitForURL(`${consoleBase}/atelier/orders/?from=here`);
        await hydrated(page);
        await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
        await context.close();
      },
    },
    {
      name: "atelier: each console page's first paint, before any script runs, is its frame: the navigation and the page loading",
      fn: async () => {
        const context = await browser.newContext({ viewport: WIDTHS.desktop, javaScriptEnabled: false });
        const page = await context.newPage();
        for (const path of [
          "/atelier/",
          "/atelier/orders/",
          "/atelier/order/",
          "/atelier/payments/",
          "/atelier/requests/",
          "/atelier/request/",
          "/atelier/staff/",
          "/atelier/audit/",
        ]) {
          await page.goto(consoleBase + path);
          const links = await page.getByRole("navigation", { name: "Atelier" }).getByRole("link").allTextContents();
          assert(links.join() === "Orders,Payments,Requests", `${path} paints the navigation every member has: ${links.join()}`);
          assert(await page.getByRole("main").getByText("Loading…").isVisible(), `${path} paints the page loading`);
        }
        await page.goto(`${consoleBase}/atelier/enrol/?token=t`);
        assert(await page.getByRole("main").getByText("Loading…").isVisible(), "the enrolment page paints itself loading");
        await context.close();
      },
    },
    {
      name: "atelier: the first owner, invited with shopctl, enrols from the emailed link, signs out, and signs in again with the passkey",
      fn: async () => {
        const owner = await newOwner(browser, shop, "first");
        const { page } = owner;
        await page.getByRole("navigation", { name: "Atelier" }).getByRole("link", { name: "Staff" }).waitFor();
        await shoot(page, "atelier-orders");
        await page.getByRole("button", { name: "Sign out" }).click();
        const signIn = page.getByRole("button", { name: "Sign in with a passkey" });
        await signIn.waitFor();
        // Signed out for the server too: the console's call answers 401.
        const me = await page.evaluate(() => fetch("/api/atelier/me").then((r) => r.status));
        assert(me === 401, `signed out, /api/atelier/me answers 401 (not ${me})`);
        await shoot(page, "atelier-sign-in");
        await signIn.click();
        await page.getByRole("navigation", { name: "Atelier" }).waitFor();
        await page.waitForURL(/\/atelier\/orders\/$/);
        assert((await page.evaluate(() => fetch("/api/atelier/me").then((r) => r.json()))).email === owner.email, "signed in again as the owner");
        // Coming and going are on the record, by the owner.
        const csv = await page.evaluate(() => fetch("/api/atelier/audit.csv").then((r) => r.text()));
        for (const action of ["staff.sign_out", "staff.sign_in"])
          assert(
            csv.split("\n").some((row) => row.includes(action) && row.includes(owner.email)),
            `the audit log has ${action} by the owner`,
          );
        // The invitation's link is used up.
        const again = await freshPage(browser, WIDTHS.desktop);
        await again.page.goto(await emailedLink(shop.dataDir, owner.email, "atelier/enrol", consoleBase));
        await again.page.getByRole("alert").filter({ hasText: "no longer valid" }).waitFor();
        await again.context.close();
        await owner.context.close();
      },
    },
    {
      name: "atelier: a staff member the owner invites confirms and ships a shopper's order (tracking link in the email and My Orders), then marks it delivered",
      fn: async () => {
        const owner = await newOwner(browser, shop, "inviter");
        await open(owner, base, "/atelier/staff/", "Staff");
        const staffEmail = newEmail("staff");
        const invite = owner.page.getByRole("form", { name: "Invite" });
        await invite.getByLabel("Name").fill("Marc Atelier");
        await invite.getByLabel("Email").fill(staffEmail);
        await invite.getByLabel("Role").selectOption("staff");
        await invite.getByRole("button", { name: "Send invitation" }).click();
        await owner.page.getByRole("table", { name: "Open invitations" }).getByText(staffEmail).waitFor();
        const staff = await enrolFrom(browser, shop, staffEmail);
        const menu = staff.page.getByRole("navigation", { name: "Atelier" });
        assert((await menu.getByRole("link", { name: "Staff" }).count()) === 0, "a staff member has no Staff page");

        const shopper = await placedOrder(browser, base, cheap, "shipped");
        const { number } = shopper.order;
        await openOrder(staff, base, number);
        await staff.page.getByRole("button", { name: "Confirm order" }).click();
        const ship = staff.page.getByRole("form", { name: "Ship" });
        const trackingUrl = `https://tracking.example/parcel/${Date.now()}`;
        await ship.getByLabel("Carrier").fill("Colissimo");
        await ship.getByLabel("Tracking number").fill("6A1234567");
        await ship.getByLabel("Tracking link").fill(trackingUrl);
        await ship.getByRole("button", { name: "Ship" }).click();
        await staff.page.getByRole("link", { name: "Tracking link" }).waitFor();
        await shoot(staff.page, "atelier-order-shipped");

        const mail = await mailSaying(shop.dataDir, shopper.email, trackingUrl);
        assert(mail.includes(number), `the shipping email names the order ${number}`);
        await shopper.page.goto(`${base}/me/orders/`);
        const tracked = shopper.page.getByTestId("order-shipment").getByRole("link");
        await tracked.waitFor();
        assert((await tracked.getAttribute("href")) === trackingUrl, "My Orders links the tracking page");
        await shoot(shopper.page, "my-orders-tracking");

        await staff.page.getByRole("button", { name: "Mark delivered" }).click();
        await staff.page.getByRole("heading", { level: 1 }).filter({ hasText: "Delivered" }).waitFor();
        const steps = await timeline(staff.page);
        for (const step of [/confirm/i, /ship/i, /deliver/i])
          assert(
            steps.some((s) => step.test(s) && s.includes(staffEmail)),
            `the timeline shows ${step} by ${staffEmail}: ${steps.join(" | ")}`,
          );
        for (const member of [owner, staff, shopper]) await member.context.close();
      },
    },
    {
      name: "atelier: a made-to-order request is answered and an appointment scheduled; the invitation's ICS is read back",
      fn: async () => {
        const clientEmail = newEmail("bride");
        const visitor = await freshPage(browser, WIDTHS.desktop);
        await visitor.page.goto(`${base}/shop/product/${cheap.id}/${cheap.slug}/`);
        await visitor.page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
        const form = visitor.page.getByRole("dialog", { name: "MADE TO ORDER" });
        await form.getByLabel("First name *").fill("Hoa");
        await form.getByLabel("Last name *").fill("Le");
        await form.getByLabel("Email *").fill(clientEmail);
        await form.getByLabel("Phone number").fill("901234567");
        await form.getByLabel("Preferred delivery date *").fill("2027-05-20");
        await form.getByRole("button", { name: "NEXT" }).click();
        await form.getByLabel("Bust (cm)").fill("86");
        await form.getByRole("button", { name: "NEXT" }).click();
        await form.getByRole("checkbox").check();
        await form.getByRole("button", { name: "SUBMIT" }).click();
        await form.getByText("Your order has been submitted.", { exact: false }).waitFor();
        await visitor.context.close();

        const owner = await newOwner(browser, shop, "requests");
        await open(owner, base, "/atelier/requests/", "Requests");
        await owner.page.getByRole("link", { name: "Hoa Le" }).first().click();
        await owner.page.getByRole("heading", { level: 1, name: /Hoa Le/ }).waitFor();
        await owner.page
          .getByRole("table", { name: /Measurements \(cm\)/ })
          .getByRole("row", { name: /bust 86 cm/i })
          .waitFor();
        const reply = owner.page.getByRole("form", { name: "Reply by email" });
        await reply.getByLabel("Subject").fill("Your gown");
        await reply.getByLabel("Message").fill("Come to the atelier for a first fitting.");
        await reply.getByRole("button", { name: "Send reply" }).click();
        await owner.page.getByText("Come to the atelier for a first fitting.").first().waitFor();
        await mailSaying(shop.dataDir, clientEmail, "Come to the atelier for a first fitting.");

        const appointment = owner.page.getByRole("form", { name: "Schedule an appointment" });
        await appointment.getByLabel("Date and time (the house's time)").fill("2027-01-15T14:30");
        await appointment.getByLabel("Minutes").fill("90");
        await appointment.getByLabel("Place").fill("The atelier, first floor");
        await appointment.getByRole("button", { name: "Schedule" }).click();
        await owner.page.getByTestId("appointment").filter({ hasText: "90 minutes" }).waitFor();
        await owner.page.getByRole("heading", { level: 1 }).filter({ hasText: "Scheduled" }).waitFor();
        await shoot(owner.page, "atelier-request");

        const invitation = await until(() => rawMailsTo(shop.dataDir, clientEmail).find((m) => /text\/calendar/i.test(m)), "the appointment's invitation");
        const ics = calendarOf(invitation);
        assert(/^BEGIN:VCALENDAR/m.test(ics) && /^METHOD:REQUEST/m.test(ics), `an ICS request: ${ics.slice(0, 200)}`);
        assert(/^DTSTART[^:\r\n]*:20270115T\d{6}Z?\r?$/m.test(ics), `DTSTART on 15 January 2027: ${/^DTSTART.*$/m.exec(ics)?.[0]}`);
        assert(
          new RegExp(`^ATTENDEE[^\\r\\n]*mailto:${clientEmail.replace(/[.+]/g, "\\$&")}`, "im").test(ics.replace(/\r?\n[ \t]/g, "")),
          "the client is the ATTENDEE",
        );
        await owner.context.close();
      },
    },
    {
      name: "atelier: axe finds nothing on any console page at 390 and 1440 px, its dialogs open or signed out",
      fn: async () => {
        const found = [];
        // At a phone's width and a laptop's: a table wider than a phone scrolls in its own box there.
        const check = async (page, where) => {
          for (const size of Object.values(WIDTHS)) {
            await page.setViewportSize(size);
            found.push(...(await axeViolations(page, `${where} at ${size.width} px`)));
          }
        };
        const signedOut = await freshPage(browser, WIDTHS.desktop);
        await signedOut.page.goto(`${consoleBase}/atelier/`);
        await signedOut.page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
        await check(signedOut.page, "/atelier/ (signed out)");
        await signedOut.page.goto(`${consoleBase}/atelier/enrol/?token=not-a-token`);
        // The page's own alert (Next's route announcer is an alert too).
        await signedOut.page.getByRole("alert").filter({ hasText: "no longer valid" }).waitFor();
        await check(signedOut.page, "/atelier/enrol/ (a used link)");
        await signedOut.context.close();

        const shopper = await placedOrder(browser, base, cheap, "axe");
        await shopper.context.close();
        const owner = await newOwner(browser, shop, "axe");
        const pages = [
          ["/atelier/orders/", "Orders"],
          ["/atelier/payments/", "Payments needing attention"],
          ["/atelier/requests/", "Requests"],
          ["/atelier/staff/", "Staff"],
          ["/atelier/audit/", "Audit log"],
        ];
        for (const [path, heading] of pages) {
          await open(owner, base, path, heading);
          await check(owner.page, path);
        }
        await openOrder(owner, base, shopper.order.number);
        await check(owner.page, "/atelier/order/");
        await owner.page.getByRole("button", { name: "Refund part" }).click();
        await owner.page.getByRole("dialog").waitFor();
        await check(owner.page, "/atelier/order/ (refund dialog)");
        await owner.page.keyboard.press("Escape");
        await open(owner, base, "/atelier/requests/", "Requests");
        await owner.page.getByRole("button", { name: /^All/ }).click();
        const request = owner.page.getByRole("table").getByRole("link").first();
        if ((await request.count()) > 0) {
          await request.click();
          await owner.page.getByRole("heading", { level: 2, name: "Their request" }).waitFor();
          await check(owner.page, "/atelier/request/");
        }
        await owner.context.close();
        assert(found.length === 0, `axe violations on the console:\n${describe(found)}`);
      },
    },
    {
      name: "atelier: an order from placed to delivered in the console with the keyboard alone",
      fn: async () => {
        const owner = await newOwner(browser, shop, "keys");
        const shopper = await placedOrder(browser, base, cheap, "keys");
        const { number } = shopper.order;
        const { page } = owner;
        const keys = (text) => page.keyboard.type(text);
        await page.goto(`${consoleBase}/atelier/orders/`);
        await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
        await tabTo(page, page.getByLabel("Order number, email or name"));
        await keys(number);
        await page.keyboard.press("Enter");
        const link = page.getByRole("link", { name: number });
        await link.waitFor();
        await tabTo(page, link);
        await page.keyboard.press("Enter");
        const confirm = page.getByRole("button", { name: "Confirm order" });
        await confirm.waitFor();
        await tabTo(page, confirm);
        await page.keyboard.press("Enter");
        const carrier = page.getByRole("form", { name: "Ship" }).getByLabel("Carrier");
        await carrier.waitFor();
        await tabTo(page, carrier);
        await keys("DHL");
        await page.keyboard.press("Tab");
        await keys("JD0001");
        await page.keyboard.press("Tab");
        await keys("https://tracking.example/JD0001");
        await page.keyboard.press("Enter");
        const delivered = page.getByRole("button", { name: "Mark delivered" });
        await delivered.waitFor();
        await tabTo(page, delivered);
        await page.keyboard.press("Space");
        await page.getByRole("heading", { level: 1 }).filter({ hasText: "Delivered" }).waitFor();
        await owner.context.close();
        await shopper.context.close();
      },
    },
  ];
}

/** The sandbox's card charges (sdk/sandbox/src/control.rs). */
async function sandboxCharges(base) {
  const res = await fetch(`${base}/sandbox/__control/transactions`);
  assert(res.ok, `transactions ${res.status}`);
  return (await res.json()).transactions;
}

/** The provider settles the order's card charge, as it does within a day. */
async function settleCharge(base, orderId) {
  const charge = (await sandboxCharges(base)).find((t) => t.orderId === orderId);
  assert(charge, `the sandbox holds the charge of ${orderId}`);
  const res = await fetch(`${base}/sandbox/__control/settle`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ transactionId: charge.id }),
  });
  assert(res.ok, `settle ${res.status} ${await res.text()}`);
  return charge;
}

export function atelierRefundJourneys({ browser, base, shop, products }) {
  const [, second] = products.filter((p) => p.color.length > 0).sort((a, b) => a.price - b.price);
  return [
    {
      name: "atelier: the owner refunds part of an order after a dialog; the timeline and the audit log show each step with who",
      fn: async () => {
        const owner = await newOwner(browser, shop, "refunds");
        const shopper = await placedOrder(browser, base, second, "refunded");
        const { number, id } = shopper.order;
        // A card charge is refunded in part once the provider has settled it.
        const charge = await settleCharge(base, id);
        await openOrder(owner, base, number);
        await owner.page.getByRole("button", { name: "Confirm order" }).click();
        await owner.page.getByRole("heading", { level: 1 }).filter({ hasText: "Confirmed" }).waitFor();
        await owner.page.getByRole("button", { name: "Refund part" }).click();
        const dialog = owner.page.getByRole("dialog", { name: `Refund part of ${number}?` });
        await dialog.getByLabel(/^Amount/).fill("10.00");
        await dialog.getByLabel("Reason").fill("A button came loose");
        await shoot(owner.page, "atelier-refund-dialog");
        await dialog.getByRole("button", { name: "Refund $10.00" }).click();
        await dialog.waitFor({ state: "detached" });
        await owner.page
          .getByRole("row", { name: /^Refunded/ })
          .filter({ hasText: "$10.00" })
          .waitFor();
        const ledger = (await sandboxCharges(base)).find((t) => t.id === charge.id);
        assert(ledger.refundedCents === 1000, `the provider gave back $10.00 once: ${JSON.stringify(ledger)}`);
        const steps = await timeline(owner.page);
        for (const step of [/confirm/i, /refund/i])
          assert(
            steps.some((s) => step.test(s) && s.includes(owner.email)),
            `the timeline shows ${step} by the owner: ${steps.join(" | ")}`,
          );
        await shoot(owner.page, "atelier-order-refunded");

        await open(owner, base, "/atelier/audit/", "Audit log");
        const log = owner.page.getByTestId("audit");
        for (const action of [/order\.confirm/, /refund/])
          await log
            .getByRole("row")
            .filter({ hasText: action })
            .filter({ hasText: `order:${id}` })
            .filter({ hasText: owner.email })
            .first()
            .waitFor();
        const csv = await owner.page.evaluate(() => fetch("/api/atelier/audit.csv").then((r) => r.text()));
        assert(csv.startsWith("at,staff,action,subject,before,after") && csv.includes(`order:${id}`), "the CSV holds the same record");
        await shoot(owner.page, "atelier-audit");
        await owner.context.close();
        await shopper.context.close();
      },
    },
  ];
}
