/**
 * Pictures no heavier than the screen: on a product page each layout takes
 * the width of picture it shows (`srcset`/`sizes` over the widths the
 * catalogue import makes), on a 390 px phone (three device pixels a CSS
 * pixel) and a 1366 px laptop (one). The sample catalogue's drawings are
 * 800 px wide, so the house first imports a gown photographed 2000 px wide
 * (`shopctl catalog import`, as the season journey does). The journey prints
 * what each picture weighed as it came over the wire.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { SHOTS, apiShows, assert, freshPage } from "./harness.mjs";
import { shopctl } from "./server.mjs";

const SCREENS = [
  { name: "390 px phone", size: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: "1366 px laptop", size: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
];
/** The widest a 70 px gallery thumbnail needs, at three device pixels a CSS pixel. */
const THUMBNAIL = 320;
/** The widest the lightbox needs: a 390 px phone at three device pixels a CSS pixel fills 1170. */
const LIGHTBOX = 1280;
const GOWN = { id: "prod-photographed-01", slug: "photographed-silk-gown", name: "Photographed Silk Gown", pictures: 3 };

const widthOf = (url) => Number(/\/(\d+)\.webp$/.exec(url)?.[1]);
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** A PNG `width` × `height` of draped silk: folds, light and a grain, so it weighs as a photograph does, not as a flat drawing. */
function photograph(width, height, seed) {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  let state = seed;
  const grain = () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 24) / 6.4 - 20;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fold = 45 * Math.sin(x / (30 + seed * 7) + 3 * Math.sin(y / 210)) + 30 * (y / height);
      const i = y * row + 1 + x * 3;
      raw[i] = Math.max(0, Math.min(255, 170 + fold + grain()));
      raw[i + 1] = Math.max(0, Math.min(255, 120 + fold + grain()));
      raw[i + 2] = Math.max(0, Math.min(255, 140 + fold * 0.6 + grain()));
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The sample catalogue with the photographed gown, imported once for both screens. */
let imported;
function importPhotographedGown(shop) {
  imported ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), "pictures-"));
    try {
      cpSync(join(shop.root, "shared/sample-catalog"), folder, { recursive: true });
      const products = join(folder, "products");
      cpSync(join(products, "prod-lotus-reverie-01"), join(products, GOWN.id), { recursive: true });
      const gallery = Array.from({ length: GOWN.pictures }, (_, i) => `${GOWN.id}/${i + 1}.png`);
      gallery.forEach((file, i) => writeFileSync(join(products, file), photograph(2000, 2667, i + 1)));
      const toml = readFileSync(join(products, "prod-lotus-reverie-01.toml"), "utf8")
        .replace(/^sku = .*$/m, 'sku = "CH-PIC-001"')
        .replace(/^name = .*$/m, `name = "${GOWN.name}"`)
        .replace(/^slug = .*$/m, `slug = "${GOWN.slug}"`)
        .replace(/^gallery = \[[^\]]*\]/m, `gallery = ${JSON.stringify(gallery)}`);
      writeFileSync(join(products, `${GOWN.id}.toml`), toml);
      const report = shopctl(shop, "catalog", "import", folder);
      assert(report.includes(`products/${GOWN.id}.toml`), `the import names the gown: ${report}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await apiShows(shop.url, "/products", ({ data }) => data.some((p) => p.id === GOWN.id), `${GOWN.id} in the API`);
  })();
  return imported;
}

/**
 * The picture each of `images` on screen shows, once loaded: its address (the
 * width chosen). One clipped out of sight (a carousel's next slide) may never
 * load: it is left out after a few seconds.
 */
async function shown(images) {
  return images.evaluateAll(async (all) => {
    const onScreen = all.filter((img) => {
      const box = img.getBoundingClientRect();
      return box.right > 0 && box.left < window.innerWidth && box.bottom > 0 && box.top < window.innerHeight;
    });
    const loaded = (img) => img.complete || new Promise((done) => img.addEventListener("load", done, { once: true }));
    await Promise.all(onScreen.map((img) => Promise.race([loaded(img), new Promise((done) => setTimeout(done, 5000))])));
    return onScreen.filter((img) => img.complete && img.currentSrc).map((img) => img.currentSrc);
  });
}

export function pictureJourneys({ browser, base, shop }) {
  return SCREENS.map(({ name, size, deviceScaleFactor }) => ({
    name: `pictures on a ${name}: thumbnails ${THUMBNAIL} wide, the lightbox ${LIGHTBOX} at most`,
    fn: async () => {
      await importPhotographedGown(shop);
      const { page, context } = await freshPage(browser, size, { deviceScaleFactor });
      const bytes = new Map();
      page.on("requestfinished", async (req) => {
        if (req.resourceType() === "image" && /\/images\/catalog\//.test(req.url())) bytes.set(req.url(), (await req.sizes()).responseBodySize);
      });
      try {
        await page.goto(`${base}/shop/product/${GOWN.id}/${GOWN.slug}/`);
        const thumbs = page.locator(".gallery__thumb img");
        await thumbs.first().scrollIntoViewIfNeeded();
        const thumbSrcs = await shown(thumbs);
        await page.evaluate(() => window.scrollTo(0, 0));
        const mainSrcs = await shown(page.locator(".gallery__main img"));
        await page.getByRole("button", { name: `Open image 1 of ${GOWN.pictures} full screen` }).click();
        const slide = page.locator(".yarl__slide_current img.yarl__slide_image");
        await slide.waitFor();
        const lightboxSrcs = [(await shown(slide))[0]];
        await page.locator(".yarl__root").getByRole("button", { name: "Next" }).click();
        await page.getByText(`2 / ${GOWN.pictures}`).waitFor();
        await slide.waitFor();
        lightboxSrcs.push((await shown(slide))[0]);
        await page.waitForLoadState("networkidle").catch(() => {});
        await page.screenshot({ path: join(SHOTS, `pictures-lightbox-${size.width}.png`) });

        const weigh = (urls) => urls.map((u) => `${widthOf(u)}w ${kB(bytes.get(u) ?? 0)}`).join(", ");
        console.log(
          `        ${name}: thumbnails ${weigh(thumbSrcs)}; gallery ${weigh(mainSrcs)}; lightbox ${weigh(lightboxSrcs)}; every catalogue picture ${kB([...bytes.values()].reduce((a, b) => a + b, 0))} in ${bytes.size} files`,
        );
        // A thumbnail may show a wider picture the gallery has already fetched (the browser takes it from its cache).
        const wide = thumbSrcs.filter((u) => widthOf(u) > THUMBNAIL && !mainSrcs.includes(u));
        assert(thumbSrcs.length > 0 && wide.length === 0, `a 70 px thumbnail fetches ${wide.map(widthOf).join(", ")} px pictures`);
        const heavy = [...lightboxSrcs, ...bytes.keys()].filter((u) => widthOf(u) > LIGHTBOX);
        assert(heavy.length === 0, `the page fetches ${heavy.map(widthOf).join(", ")} px pictures where ${LIGHTBOX} does`);
      } finally {
        await context.close();
      }
    },
  }));
}
