/**
 * Importing publishes what the world reads: a house that is not the sample
 * (Atelier Opale: its own name, pages, collection, products and pictures)
 * imported into a fresh shop with `shopctl catalog import` and nothing else
 * (no build), served on one address while its public one (SITE_URL) is
 * another. Its HTML as served, with no script run, names no sample house or
 * piece; in Chromium no page asks for a sample picture or fails a request;
 * a product's page names the product with an og:image absolute on SITE_URL,
 * and sitemap.xml lists the house's products on SITE_URL.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { WIDTHS, assert, freshPage, shoot } from "./harness.mjs";

const GOWN = { id: "prod-opale-lune", name: "Robe Lune", slug: "robe-lune", sku: "OP-LUN-001", price: "2450.00" };
const JACKET = { id: "prod-opale-soie", name: "Veste Soie", slug: "veste-soie", sku: "OP-SOI-002", price: "1180.00" };
const COLLECTION = { id: "col-opale-ete", name: "Été à Lyon", slug: "ete-a-lyon" };

/** Words only the sample catalogue holds: its house, a collection and its pieces' names (from the shared shop). */
const sampleWords = (catalog) => ["Saigon Nocturne", "MAISON LAN ANH", "Maison Lan Anh", ...catalog.products.map((p) => p.name.trim())];

/** Atelier Opale's folder: the fixture's house and pages, a collection, two products, their pictures (the house's own). */
function opaleFolder(root) {
  const folder = mkdtempSync(join(tmpdir(), "opale-"));
  cpSync(join(root, "site/e2e/fixtures/atelier-opale"), folder, { recursive: true });
  const picture = join(root, "site/e2e/fixtures/atelier-opale/pages/about/opale.png");
  const write = (file, text) => {
    mkdirSync(join(folder, file, ".."), { recursive: true });
    writeFileSync(join(folder, file), text);
  };
  write("categories/cat-robes.toml", 'name = "Robes"\nstatus = "active"\n');
  mkdirSync(join(folder, "collections", COLLECTION.id), { recursive: true });
  cpSync(picture, join(folder, "collections", COLLECTION.id, "banner.png"));
  write(`collections/${COLLECTION.id}.toml`, `name = "${COLLECTION.name}"\nslug = "${COLLECTION.slug}"\nstatus = "active"\nbanner = ["${COLLECTION.id}/banner.png"]\ndescription = """<p>The summer season of the Lyon workshop.</p>"""\n`);
  for (const [i, p] of [GOWN, JACKET].entries()) {
    mkdirSync(join(folder, "products", p.id), { recursive: true });
    cpSync(picture, join(folder, "products", p.id, "front.png"));
    write(
      `products/${p.id}.toml`,
      `sku = "${p.sku}"\nname = "${p.name}"\nslug = "${p.slug}"\ncollection = "${COLLECTION.id}"\nstatus = "active"\nprice = "${p.price}"\ncategories = ["Robes"]\nsize = ["36", "38"]\ncolor = ["Ivoire"]\ngallery = ["${p.id}/front.png"]\ncreated_at = "2026-0${i + 4}-01T09:00:00Z"\ndescription = """<p>Cut and sewn in the Lyon workshop.</p>"""\n`,
    );
  }
  return folder;
}

const freePort = () => {
  const res = spawnSync("python3", ["-c", 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'], { encoding: "utf8" });
  return Number(res.stdout.trim());
};

/** A fresh shop (its own data folder and ports) whose only catalogue is `folder`, imported as an operator does; SITE_URL names `localhost`, the browser reaches 127.0.0.1. */
async function freshShop(shop, folder) {
  const dataDir = mkdtempSync(join(tmpdir(), "opale-shop-"));
  const port = freePort();
  let assetsPort = freePort();
  while (assetsPort === port) assetsPort = freePort();
  const siteUrl = `http://localhost:${port}`;
  const env = { ...process.env, RUST_LOG: "warn", DATA_DIR: dataDir, PORT: String(port), SITE_URL: siteUrl, ASSETS_PORT: String(assetsPort), ASSETS_URL: `http://127.0.0.1:${assetsPort}`, TRUST_FORWARDED_FOR: "1" };
  delete env.TABLE_NAME;
  delete env.BLOBS_BUCKET;
  const imported = spawnSync(join(shop.bin, "shopctl"), ["catalog", "import", folder], { cwd: shop.root, env, encoding: "utf8" });
  assert(imported.status === 0, `the import failed: ${imported.stdout}${imported.stderr}`);
  const child = spawn(join(shop.bin, "shop-server"), [], { cwd: shop.root, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${url}/api/house`)).ok) return { url, siteUrl, report: imported.stdout, stop };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`the fresh shop did not answer at ${url}`);
}

const served = async (url) => {
  const res = await fetch(url);
  return { status: res.status, html: await res.text() };
};

export function publishedHouseJourneys({ browser, shop, catalog }) {
  return [
    {
      name: "published house: right after its import, the served pages, sitemap and requests are the house's, never the sample's",
      fn: async () => {
        const folder = opaleFolder(shop.root);
        const opale = await freshShop(shop, folder);
        try {
          assert(/site published: \d+ pages, \d+ bytes in \d+ ms/.test(opale.report), `the import publishes the site: ${opale.report}`);
          const sample = sampleWords(catalog);
          // As served, no script run: what a crawler and a link preview read.
          for (const path of ["/", "/shop/"]) {
            const { status, html } = await served(`${opale.url}${path}`);
            assert(status === 200, `${path} answered ${status}`);
            const found = sample.filter((w) => html.includes(w));
            assert(found.length === 0, `${path} names the sample: ${found.join(", ")}`);
            assert(html.includes("ATELIER OPALE"), `${path} does not name the house`);
          }
          const home = new JSDOM((await served(`${opale.url}/`)).html).window.document;
          const paint = JSON.parse(home.getElementById("first-paint")?.textContent ?? "{}");
          assert(paint["/products"]?.length === 2 && paint["/house"]?.name === "Atelier Opale", `home's first paint: ${Object.keys(paint)}`);

          const productPath = `/shop/product/${GOWN.id}/${GOWN.slug}/`;
          const product = await served(`${opale.url}${productPath}`);
          const doc = new JSDOM(product.html).window.document;
          const meta = (key) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
          assert(product.status === 200 && doc.title === `${GOWN.name} — ATELIER OPALE`, `${productPath}: title "${doc.title}"`);
          assert(meta("description")?.includes("$2,450.00") && meta("description")?.includes(COLLECTION.name), `${productPath}: description ${meta("description")}`);
          assert(doc.querySelector('link[rel="canonical"]')?.getAttribute("href") === `${opale.siteUrl}${productPath}`, `${productPath}: canonical`);
          const image = meta("og:image");
          assert(image?.startsWith(`${opale.siteUrl}/blobs/images/catalog/`), `${productPath}: og:image ${image} is not absolute on ${opale.siteUrl}`);
          const [ld] = [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => [JSON.parse(s.textContent)].flat()).filter((d) => d["@type"] === "Product");
          assert(ld?.name === GOWN.name && ld.offers?.price === GOWN.price && ld.brand?.name === "ATELIER OPALE", `${productPath}: Product ${JSON.stringify(ld)}`);

          const sitemap = (await served(`${opale.url}/sitemap.xml`)).html;
          for (const p of [GOWN, JACKET]) assert(sitemap.includes(`<loc>${opale.siteUrl}/shop/product/${p.id}/${p.slug}/</loc>`), `sitemap.xml lacks ${p.id}: ${sitemap}`);
          assert(!sample.some((w) => sitemap.includes(w)) && !sitemap.includes("127.0.0.1"), "sitemap.xml names the sample or the serving address");
          const robots = (await served(`${opale.url}/robots.txt`)).html;
          assert(robots.includes(`Sitemap: ${opale.siteUrl}/sitemap.xml`), `robots.txt: ${robots}`);

          // In Chromium: every picture is the house's, and no request fails.
          const houseBlobs = new Set([...product.html.matchAll(/\/blobs\/images\/catalog\/([0-9a-f]+)\//g)].map((m) => m[1]));
          const { page, context, problems } = await freshPage(browser, WIDTHS.desktop);
          try {
            const failed = [];
            const pictures = [];
            page.on("requestfailed", (r) => failed.push(`${r.url()} (${r.failure()?.errorText})`));
            page.on("response", (r) => r.status() >= 400 && failed.push(`${r.url()} answered ${r.status()}`));
            page.on("request", (r) => r.resourceType() === "image" && pictures.push(r.url()));
            for (const path of ["/", "/shop/", productPath]) {
              await page.goto(`${opale.url}${path}`);
              await page.waitForLoadState("networkidle");
              if (path === productPath) await page.getByRole("heading", { level: 1 }).filter({ hasText: GOWN.name.toUpperCase() }).first().waitFor();
              if (path === "/shop/") await page.getByText(JACKET.name.toUpperCase()).first().waitFor();
              const text = await page.evaluate(() => document.body.innerText);
              const named = sample.filter((w) => text.includes(w));
              assert(named.length === 0, `${path} shows the sample: ${named.join(", ")}`);
              await shoot(page, `published-house${path.replaceAll("/", "-").replace(/-$/, "") || "-home"}`);
            }
            const foreign = pictures.filter((u) => {
              const hash = /\/blobs\/images\/catalog\/([0-9a-f]+)\//.exec(u)?.[1];
              return !(hash && houseBlobs.has(hash)) && !u.startsWith("data:") && u !== `${opale.url}/icon.svg`;
            });
            assert(foreign.length === 0, `pictures not the house's: ${foreign.join(", ")}`);
            assert(failed.length === 0, `failed requests: ${failed.join("; ")}`);
            assert(problems.length === 0, problems.join("; "));
          } finally {
            await context.close();
          }
        } finally {
          opale.stop();
          rmSync(folder, { recursive: true, force: true });
        }
      },
    },
  ];
}
