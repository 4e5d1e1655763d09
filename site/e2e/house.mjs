/**
 * The house as files: the shop imports another house's folder (Atelier
 * Opale: its own identity and pages, no products, no runway) with
 * `shopctl catalog import`, as an operator runs it, and from then on the
 * footer, About, FAQ and Contact and the welcome email name Atelier Opale and
 * never the sample house. The sample's house is imported back afterwards.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WIDTHS, apiShows, assert, freshPage, hydrated, shoot, until } from "./harness.mjs";
import { shopctl } from "./server.mjs";
import { register } from "./shoppers.mjs";

const SAMPLE = "Lan Anh";

/** Imports a catalogue folder; resolves once the API answers its house, `name`. */
async function importFolder(shop, folder, name) {
  const report = shopctl(shop, "catalog", "import", folder);
  assert(report.includes("catalogue published"), `the import publishes: ${report}`);
  await apiShows(shop.url, "/house", (house) => house.name === name, `the house ${name} in the API`);
}

/** The welcome email to `to`, once it is in the outbox (8bit text, soft breaks undone). */
function welcomeTo(dataDir, to) {
  const dir = join(dataDir, "outbox");
  const welcome = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => readFileSync(join(dir, f), "utf8").replace(/=\r?\n/g, ""))
      .find((mail) => mail.includes(`To: ${to}`) && mail.includes("An account was created"));
  return until(welcome, `a welcome email to ${to}`);
}

/** The page's visible text (not its head): what the shopper reads. */
const text = (page) => page.evaluate(() => document.body.innerText);

export function houseJourneys({ browser, base, shop }) {
  const opale = join(shop.root, "site/e2e/fixtures/atelier-opale");
  const sample = join(shop.root, "shared/sample-catalog");
  return [
    {
      name: "another house's folder imported: footer, About, FAQ, Contact and the welcome email name it, never the sample house",
      fn: async () => {
        await importFolder(shop, opale, "Atelier Opale");
        try {
          const { page, context, problems } = await freshPage(browser, WIDTHS.desktop);
          await page.goto(`${base}/about/`);
          await hydrated(page);
          await page.getByRole("heading", { level: 1, name: "ABOUT ATELIER OPALE" }).waitFor();
          await page.getByText("Every piece is fitted twice").waitFor();
          const picture = page.locator(".house-page--about figure img");
          await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await picture.elementHandle(), { timeout: 10000 });
          await page.getByText("The workshop", { exact: true }).waitFor();
          const footer = page.getByRole("contentinfo");
          await footer.getByText(/© \d{4} ATELIER OPALE\. All rights reserved\./).waitFor();
          await footer.getByText("3 rue des Lilas").waitFor();
          assert((await footer.locator('a[href^="mailto:"]').getAttribute("href")) === "mailto:bonjour@opale.example", "the footer's address is the house's");
          assert((await text(page)).includes("OPALE"), "the wordmark is the house's");
          assert(!(await text(page)).includes(SAMPLE), "About names no sample house");
          await shoot(page, "house-opale-about");

          await page.goto(`${base}/support/faq/`);
          await page.getByRole("heading", { level: 1, name: "QUESTIONS" }).waitFor();
          await page.getByText("How long does a piece take?").click();
          await page.getByText("Three weeks from the first fitting.").waitFor();
          assert(!(await text(page)).includes(SAMPLE), "the FAQ names no sample house");
          await shoot(page, "house-opale-faq");

          await page.goto(`${base}/support/contact/`);
          await page.getByRole("heading", { level: 1, name: "WRITE TO OPALE" }).waitFor();
          await page.getByText("The workshop answers every letter within two days.").waitFor();
          const methods = page.locator(".contact-methods");
          await methods.getByRole("link", { name: "+33 4 78 00 00 00" }).waitFor();
          assert((await methods.getByRole("heading", { name: "Zalo" }).count()) === 0, "no Zalo: the house is not on it");
          assert(!(await text(page)).includes(SAMPLE), "Contact names no sample house");
          await shoot(page, "house-opale-contact");
          assert(problems.length === 0, problems.join("; "));
          await context.close();

          const { context: shopper } = await freshPage(browser, WIDTHS.mobile);
          const email = await register(shopper, base, "opale");
          const welcome = await welcomeTo(shop.dataDir, email);
          assert(/^Subject: Bienvenue chez Atelier Opale\r?$/m.test(welcome), `the subject is the house's greeting: ${welcome}`);
          assert(welcome.includes("Bienvenue chez Atelier Opale. An account was created"), welcome);
          assert(!welcome.includes(SAMPLE), `the welcome names no sample house: ${welcome}`);
          await shopper.close();
        } finally {
          await importFolder(shop, sample, "Maison Lan Anh");
        }
      },
    },
  ];
}
