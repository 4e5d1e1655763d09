/**
 * The season's catalogue as a shopper meets it: the house imports a folder
 * with a new gown (`shopctl catalog import`, as an operator runs it) and the
 * gown shows at once on /shop and on its own page, through the placeholder
 * page, with no rebuild; the house reprices it, imports again, and the page
 * shows the new price. A tab left open on the gown's page shows the new
 * price too, once the shopper comes back to it, with no reload.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WIDTHS, assert, freshPage, shoot, until } from "./harness.mjs";
import { shopctl } from "./server.mjs";

/**
 * The new gown, another one on each attempt: a retry (the runner runs a failed
 * journey again, alone) imports a gown the shop has not seen yet.
 */
let attempts = 0;
function newGown() {
  attempts += 1;
  return {
    ID: `prod-season-moonlit-${attempts}`,
    NAME: `Moonlit Season Gown ${attempts}`,
    SLUG: `moonlit-season-gown-${attempts}`,
    SKU: `CH-SEA-00${attempts}`,
  };
}

/** A copy of the sample catalogue with one more gown, made from the first one. */
function seasonFolder(root, { ID, NAME, SLUG, SKU }, price) {
  const folder = mkdtempSync(join(tmpdir(), "season-"));
  cpSync(join(root, "shared/sample-catalog"), folder, { recursive: true });
  const products = join(folder, "products");
  cpSync(join(products, "prod-lotus-reverie-01"), join(products, ID), { recursive: true });
  const gown = readFileSync(join(products, "prod-lotus-reverie-01.toml"), "utf8")
    .replace(/^sku = .*$/m, `sku = "${SKU}"`)
    .replace(/^name = .*$/m, `name = "${NAME}"`)
    .replace(/^slug = .*$/m, `slug = "${SLUG}"`)
    .replace(/^price = .*$/m, `price = "${price}"`)
    .replace(/^created_at = .*$/m, 'created_at = "2024-01-02T09:00:00Z"')
    .replaceAll("prod-lotus-reverie-01/", `${ID}/`);
  writeFileSync(join(products, `${ID}.toml`), gown);
  return folder;
}

/** Imports the season; resolves once the API answers the gown at its new price (it reads the catalogue's version at most once a second). */
async function importSeason(shop, base, gown, price) {
  const folder = seasonFolder(shop.root, gown, price);
  try {
    const report = shopctl(shop, "catalog", "import", folder);
    assert(report.includes(`products/${gown.ID}.toml`), `the import names the gown: ${report}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await answersPrice(base, gown.ID, Number(price));
}

/** Resolves once the API answers the gown's new price: the house's change is live. */
async function answersPrice(base, id, price) {
  const answers = async () => {
    const answer = await fetch(`${base}/api/products/${id}`);
    return answer.ok && Number((await answer.json()).price) === price;
  };
  await until(answers, `the API to answer ${price} for ${id}`, { timeout: 10_000, every: 200 });
}

/** The shopper leaves the tab for `away` (the page's clock moved on, as a real absence does), then comes back to it. */
async function leaveAndComeBack(page, away) {
  const show = (state) =>
    page.evaluate((s) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
      document.dispatchEvent(new Event("visibilitychange"));
      if (s === "visible") window.dispatchEvent(new Event("focus"));
    }, state);
  await show("hidden");
  await page.clock.fastForward(away);
  await show("visible");
}

export function seasonJourneys({ browser, base, shop }) {
  return [
    {
      name: "season reprice: a tab left open shows the new price when the shopper comes back to it",
      fn: async () => {
        const gown = newGown();
        const { ID, NAME, SLUG } = gown;
        await importSeason(shop, base, gown, "5120.00");
        const { page, context } = await freshPage(browser, WIDTHS.mobile);
        try {
          await page.clock.install();
          await page.goto(`${base}/shop/product/${ID}/${SLUG}/`);
          await page.getByRole("heading", { level: 1 }).filter({ hasText: NAME.toUpperCase() }).first().waitFor();
          await page.locator(".buy__price").filter({ hasText: "$5,120.00" }).waitFor();
          await page.waitForLoadState("networkidle");

          await importSeason(shop, base, gown, "5480.00");
          await leaveAndComeBack(page, "05:00");
          // The gown's own price: the shop the journeys share shows other journeys' gowns, at the
          // same old price, in the page's carousels.
          const price = page.locator(".buy__price");
          await price.filter({ hasText: "$5,480.00" }).waitFor();
          assert((await price.filter({ hasText: "$5,120.00" }).count()) === 0, "the old price is gone");
          await shoot(page, "season-tab-back-new-price");
        } finally {
          await context.close();
        }
      },
    },
    {
      name: "season import: a new gown shows on /shop and its page at once, then its new price",
      fn: async () => {
        const gown = newGown();
        const { ID, NAME, SLUG } = gown;
        await importSeason(shop, base, gown, "5120.00");
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        try {
          await page.goto(`${base}/shop/`);
          const card = page.locator(".product-card").filter({ hasText: NAME.toUpperCase() });
          await card.waitFor();
          await card.getByText("$5,120.00").waitFor();
          await card.getByRole("link").click();
          await page.waitForURL(`**/shop/product/${ID}/${SLUG}/`);
          await page.getByRole("heading", { level: 1 }).filter({ hasText: NAME.toUpperCase() }).first().waitFor();
          await page.getByText("$5,120.00").first().waitFor();
          await shoot(page, "season-new-gown");

          await importSeason(shop, base, gown, "5480.00");
          await page.reload();
          await page.getByText("$5,480.00").first().waitFor();
          assert((await page.getByText("$5,120.00").count()) === 0, "the old price is gone");
        } finally {
          await context.close();
        }
      },
    },
  ];
}
