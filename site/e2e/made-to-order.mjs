/**
 * The made-to-order request from a product page (issue 48): the unit the shopper chooses reaches both
 * emails (read from the shop's outbox) and the operators' list, a field left alone reads "not given",
 * the measurements take what is typed, step 3 waits for a submit before asking for the terms, a sent
 * request shows what the house received, and the modal lies above the page: its close button in view,
 * the gallery's arrows out of reach behind it.
 *
 * Run only these: E2E_ONLY="made-to-order (issue 48)".
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WIDTHS, assert, freshPage, painted, shoot, until } from "./harness.mjs";
import { shopctl } from "./server.mjs";

const productUrl = (p) => `/shop/product/${p.id}/${p.slug}/`;
const upper = (s) => s.trim().toUpperCase();

/** The emails to `to` (8bit text, lines joined as sent) in the shop's outbox. */
function mailsTo(dataDir, to) {
  const dir = join(dataDir, "outbox");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) =>
      readFileSync(join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\r?$`, "im").test(mail));
}

/** The one email to `to` that mentions `needle`, once it is in the outbox (waits up to 5 s). */
async function mailFor(dataDir, to, needle) {
  const found = await until(() => {
    const mails = mailsTo(dataDir, to).filter((m) => m.includes(needle));
    return mails.length > 0 && mails;
  }, `an email to ${to} about ${needle}`);
  assert(found.length === 1, `one email to ${to} about ${needle}, not ${found.length}`);
  return found[0];
}

/** What is drawn at each point: true when it lies inside `selector`. */
function drawnInside(page, selector, points) {
  return page.evaluate(([selector, points]) => points.map(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest(selector))), [selector, points]);
}

/** The centre and four inner corners (2 px in) of a box. */
const spots = (b) => [
  [b.x + b.width / 2, b.y + b.height / 2],
  [b.x + 2, b.y + 2],
  [b.x + b.width - 2, b.y + 2],
  [b.x + 2, b.y + b.height - 2],
  [b.x + b.width - 2, b.y + b.height - 2],
];

/** The dialog's close button lies wholly in the viewport, drawn above everything (the header too). */
async function closeButtonInView(page, dialog, when) {
  const box = await dialog.getByRole("button", { name: "Close", exact: true }).boundingBox();
  const size = page.viewportSize();
  assert(
    box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width,
    `${when}: the close button is in the viewport (${JSON.stringify(box)})`,
  );
  const drawn = await drawnInside(page, ".modal__close", spots(box));
  assert(drawn.every(Boolean), `${when}: the close button is drawn whole, nothing over it (${drawn})`);
  const header = await page.locator("header").first().boundingBox();
  const [overHeader] = await drawnInside(page, ".modal-root", [[header.x + header.width / 2, header.y + header.height / 2]]);
  assert(overHeader, `${when}: the modal lies over the header, not under it`);
}

export function madeToOrderJourneys({ browser, base, shop, product }) {
  const open = async (size) => {
    const { page, context, problems } = await freshPage(browser, size);
    await page.goto(base + productUrl(product));
    await page
      .getByRole("heading", { level: 1 })
      .filter({ hasText: upper(product.name) })
      .waitFor();
    return { page, context, problems };
  };
  const information = async (dialog, email) => {
    await dialog.getByLabel("First name *").fill("Lan");
    await dialog.getByLabel("Last name *").fill("Nguyen");
    await dialog.getByLabel("Email *").fill(email);
    await dialog.getByLabel("Phone number").fill("901234567");
    await dialog.getByLabel("Preferred delivery date *").fill("2027-03-15");
    await dialog.getByRole("button", { name: "NEXT" }).click();
  };

  return [
    {
      name: "made-to-order (issue 48): in inches at 390 px, typed numbers kept, untouched fields 'not given' in both emails, a sent state",
      fn: async () => {
        const email = `lan.inches.${Date.now()}@example.com`;
        const { page, context, problems } = await open(WIDTHS.mobile);
        await page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
        const dialog = page.getByRole("dialog", { name: "MADE TO ORDER" });
        await dialog.getByRole("button", { name: "NEXT" }).click();
        await dialog.getByText("Please enter your first name.").waitFor();
        await information(dialog, email);

        // Step 2, long on a phone: the close button stays whole and on top, however far it is scrolled.
        await dialog.getByLabel("Height (cm)").waitFor();
        await closeButtonInView(page, dialog, "step 2");
        await dialog.getByRole("button", { name: "NEXT" }).scrollIntoViewIfNeeded();
        await closeButtonInView(page, dialog, "step 2 scrolled to NEXT");

        await dialog.locator("label.chip").filter({ hasText: /^in$/ }).click();
        assert(await dialog.getByRole("radio", { name: "in", exact: true }).isChecked(), "inches chosen");
        const typed = { "Height (in)": "66", "Weight (lb)": "168", "Bust (in)": "33", "Waist (in)": "25", "Hips (in)": "35" };
        for (const [label, value] of Object.entries(typed)) {
          const field = dialog.getByLabel(label);
          assert((await field.inputValue()) === "", `${label} starts empty, not 0`);
          await field.click();
          await page.keyboard.type(value);
          assert((await field.inputValue()) === value, `typing ${value} into ${label} shows ${value}, not ${await field.inputValue()}`);
        }
        await shoot(page, "made-to-order-measurements");

        // Step 3 asks for the terms only once SUBMIT is pressed.
        await dialog.getByRole("button", { name: "NEXT" }).click();
        await dialog.getByRole("checkbox").waitFor();
        const terms = dialog.getByText("You must agree to the Terms & Conditions before proceeding.");
        assert((await terms.count()) === 0, "no terms message before a submit");
        await dialog.getByRole("button", { name: "SUBMIT" }).click();
        await terms.waitFor();
        await dialog.getByRole("checkbox").check();
        await dialog.getByRole("button", { name: "SUBMIT" }).click();

        // Sent: what the house received, never an empty step 1 with NEXT.
        await dialog.getByRole("heading", { name: "REQUEST SENT" }).waitFor();
        await dialog.getByText("Your order has been submitted. We will get in touch with you soon, please stay tuned.").waitFor();
        assert((await dialog.getByRole("button", { name: "NEXT" }).count()) === 0, "no NEXT once sent");
        assert((await dialog.getByLabel("First name *").count()) === 0, "no empty step 1 once sent");
        for (const shown of ["66 in", "168 lb", "33 in", "25 in", "35 in"]) await dialog.getByText(shown, { exact: true }).waitFor();
        assert((await dialog.getByText("not given", { exact: true }).count()) === 3, "shoulder width, arm length and neck: not given");
        await shoot(page, "made-to-order-sent");

        // Both emails carry the unit, and what was left alone as "not given", never 0.
        const unit = "Measurement unit: in (inches, weight in lb)";
        const sizes =
          "Measurements: height 66 in, weight 168 lb, bust 33 in, waist 25 in, hips 35 in, shoulder width not given, arm length not given, neck not given";
        const house = await mailFor(shop.dataDir, "atelier@couture.invalid", email);
        const ack = await mailFor(shop.dataDir, email, "We received your made-to-order request");
        for (const [who, mail] of [
          ["house", house],
          ["customer", ack],
        ]) {
          assert(mail.includes(unit), `the ${who}'s email names the unit:\n${mail}`);
          assert(mail.includes(sizes), `the ${who}'s email lists each measurement with its unit, untouched ones not given:\n${mail}`);
        }
        assert(
          house.includes("Preferred delivery date: 2027-03-15") && !house.includes("Preferred contact time"),
          `the house's email names the delivery date:\n${house}`,
        );
        const listed = shopctl(shop, "requests", "list")
          .split("\n")
          .find((line) => line.includes(email));
        assert(listed?.includes(unit) && listed.includes("arm length not given"), `the operators' list shows the unit: ${listed}`);

        await dialog.getByRole("button", { name: "CLOSE", exact: true }).click();
        await dialog.waitFor({ state: "detached" });
        await context.close();
        assert(problems.length === 0, problems.join("; "));
      },
    },
    {
      name: "made-to-order (issue 48): the modal lies above the gallery and the header at 1440 px",
      fn: async () => {
        const { page, context, problems } = await open(WIDTHS.desktop);
        const shownImage = () => page.locator(".gallery__thumb").evaluateAll((thumbs) => thumbs.findIndex((t) => t.classList.contains("gallery__thumb--on")));
        const before = await shownImage();
        const arrow = await page.getByRole("button", { name: "Next image" }).first().boundingBox();
        assert(arrow, "the gallery has a Next image arrow");
        await page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
        const dialog = page.getByRole("dialog", { name: "MADE TO ORDER" });
        await dialog.getByLabel("First name *").waitFor();
        const centre = [arrow.x + arrow.width / 2, arrow.y + arrow.height / 2];
        const [covered] = await drawnInside(page, ".modal-root", [centre]);
        assert(covered, "the modal (or its backdrop) is drawn over the gallery's Next image arrow");
        await closeButtonInView(page, dialog, "step 1");
        await page.mouse.click(...centre);
        await painted(page);
        assert((await shownImage()) === before, "a click where the arrow lies does not turn the gallery behind");
        await context.close();
        assert(problems.length === 0, problems.join("; "));
      },
    },
  ];
}
