/**
 * What the house's folder says, as the shopper meets it: the house imports
 * menu entries of each kind (a page of the shop, another site), a piece made
 * to order only and a piece in its own sizes (36, 38, One size), and the
 * shop shows each as meant: the sidebar links the page and opens the other
 * site in a new tab, the made-to-order piece has no ADD TO CART and no size
 * but CUSTOM TO ORDER, the sized piece offers 36, 38 and One size. A house
 * with no runway and no news (its lists answered empty) has no Runway or
 * News in its sidebar. The shop is shared with the other journeys, so the
 * house's additions are withdrawn at the end (imported again as inactive).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WIDTHS, apiShows, assert, freshPage, shoot } from "./harness.mjs";
import { shopctl } from "./server.mjs";

const LOOKBOOK = { title: "Folder Lookbook", url: "https://example.com/lookbook" };
const ATELIER = { title: "Folder Atelier", page: "/made-to-order" };
const BESPOKE = { id: "prod-folder-bespoke", name: "Folder Bespoke Gown", slug: "folder-bespoke-gown", sku: "CH-FOL-001" };
const SIZED = { id: "prod-folder-sized", name: "Folder Sized Dress", slug: "folder-sized-dress", sku: "CH-FOL-002" };

/** A copy of the sample with the house's menu entries and pieces, `status` each. */
function houseFolder(root, status) {
  const folder = mkdtempSync(join(tmpdir(), "house-folder-"));
  cpSync(join(root, "shared/sample-catalog"), folder, { recursive: true });
  const menu = (id, order, link) =>
    writeFileSync(
      join(folder, "menus", `${id}.toml`),
      `title = "${link.title}"\n${link.url ? `url = "${link.url}"` : `page = "${link.page}"`}\nstatus = "${status}"\norder = ${order}\n`,
    );
  menu("menu-folder-lookbook", 90, LOOKBOOK);
  menu("menu-folder-atelier", 91, ATELIER);
  const products = join(folder, "products");
  const piece = ({ id, name, slug, sku }, edit) => {
    cpSync(join(products, "prod-lotus-reverie-01"), join(products, id), { recursive: true });
    const text = readFileSync(join(products, "prod-lotus-reverie-01.toml"), "utf8")
      .replace(/^sku = .*$/m, `sku = "${sku}"`)
      .replace(/^name = .*$/m, `name = "${name}"`)
      .replace(/^slug = .*$/m, `slug = "${slug}"`)
      .replace(/^status = .*$/m, `status = "${status}"`)
      .replaceAll("prod-lotus-reverie-01/", `${id}/`);
    writeFileSync(join(products, `${id}.toml`), edit(text));
  };
  piece(BESPOKE, (t) => t.replace(/^size = \[[^\]]*\]\n/m, "") + "made_to_order = true\n");
  piece(SIZED, (t) => t.replace(/^size = \[[^\]]*\]/m, 'size = ["36", "38", "One size"]'));
  return folder;
}

function importHouse(shop, status) {
  const folder = houseFolder(shop.root, status);
  try {
    return shopctl(shop, "catalog", "import", folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const pieceUrl = (base, p) => `${base}/shop/product/${p.id}/${p.slug}/`;

export function houseFolderJourneys({ browser, base, shop }) {
  return [
    {
      name: "house folder: menu links of each kind, a made-to-order-only piece, sizes 36/38, no Runway or News without any",
      fn: async () => {
        const report = importHouse(shop, "active");
        assert(report.includes("products/prod-folder-bespoke.toml"), `the import names the piece: ${report}`);
        await apiShows(base, "/products", ({ data }) => data.some((p) => p.id === BESPOKE.id), `${BESPOKE.id} in the API`);
        const { page, context } = await freshPage(browser, WIDTHS.mobile);
        try {
          // The sized piece offers the house's sizes, in its order.
          await page.goto(pieceUrl(base, SIZED));
          await page.getByRole("heading", { level: 1 }).filter({ hasText: SIZED.name.toUpperCase() }).first().waitFor();
          const sizes = page.getByRole("combobox", { name: "Size" });
          await sizes.locator("option", { hasText: "One size" }).waitFor({ state: "attached" });
          const options = await sizes.locator("option").allTextContents();
          assert(JSON.stringify(options) === JSON.stringify(["Select a size", "36", "38", "One size"]), `the sizes: ${options}`);
          await shoot(page, "house-folder-sizes-36-38");

          // The made-to-order piece: requested, never bagged.
          await page.goto(pieceUrl(base, BESPOKE));
          await page.getByRole("heading", { level: 1 }).filter({ hasText: BESPOKE.name.toUpperCase() }).first().waitFor();
          await page.getByText("Made to order only").waitFor();
          assert((await page.getByRole("button", { name: "ADD TO CART" }).count()) === 0, "no ADD TO CART");
          assert((await page.getByRole("combobox", { name: "Size" }).count()) === 0, "no size picker");
          await shoot(page, "house-folder-made-to-order-only");
          await page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
          await page.getByRole("dialog").first().waitFor();

          // The sidebar: a page of the shop, another site in a new tab; no Runway or News for a house without any.
          await page.route(/\/api\/runways(\?.*)?$/, (route) => route.fulfill({ json: { data: [] } }));
          await page.route(/\/api\/news(\?.*)?$/, (route) => route.fulfill({ json: { data: [] } }));
          await page.goto(`${base}/`);
          await page.getByRole("button", { name: "Open menu" }).click();
          const sidebar = page.getByRole("dialog", { name: "Menu" });
          const outside = sidebar.getByRole("link", { name: LOOKBOOK.title });
          await outside.waitFor();
          assert((await outside.getAttribute("href")) === LOOKBOOK.url, `the lookbook links ${await outside.getAttribute("href")}`);
          assert((await outside.getAttribute("target")) === "_blank", "another site opens in a new tab");
          assert((await outside.getAttribute("rel"))?.includes("noopener"), "with rel=noopener");
          await sidebar.getByRole("link", { name: "Made To Order" }).waitFor();
          await sidebar.getByRole("link", { name: "Runway" }).waitFor({ state: "detached" });
          assert((await sidebar.getByRole("link", { name: "News" }).count()) === 0, "no News link");
          await shoot(page, "house-folder-sidebar");
          await sidebar.getByRole("link", { name: ATELIER.title }).click();
          await page.waitForURL(/\/made-to-order\/$/);
          await page.getByRole("button", { name: "BOOK AN APPOINTMENT" }).first().waitFor();
          assert((await page.getByText("No collection found.").count()) === 0, "a page, not a collection");
        } finally {
          await context.close();
          importHouse(shop, "inactive");
        }
      },
    },
  ];
}
