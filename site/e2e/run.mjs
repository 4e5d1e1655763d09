/**
 * End-to-end journeys of a visitor, in headless Debian Chromium against a
 * running shop (SHOP_URL, or one started by ./server.mjs). Every public route
 * is opened cold as a deep link and photographed at 390 and 1440 px into
 * site/test-results/screens.
 */
import { SHOTS, WIDTHS, assert, freshPage, launch, painted, run, shoot } from "./harness.mjs";
import { a11yJourneys } from "./a11y.mjs";
import { accountJourneys } from "./accounts.mjs";
import { atelierJourneys, atelierRefundJourneys } from "./atelier.mjs";
import { bundleJourneys } from "./bundles.mjs";
import { cardIsolationJourneys } from "./card-isolation.mjs";
import { checkoutJourneys } from "./checkout.mjs";
import { contentJourneys } from "./content.mjs";
import { houseFolderJourneys } from "./house-folder.mjs";
import { idleJourneys } from "./idle.mjs";
import { keyboardJourneys } from "./keyboard.mjs";
import { madeToOrderJourneys } from "./made-to-order.mjs";
import { pictureJourneys } from "./pictures.mjs";
import { publishedHouseJourneys } from "./published-house.mjs";
import { seasonJourneys } from "./season.mjs";
import { seoJourneys } from "./seo.mjs";
import { sessionJourneys } from "./sessions.mjs";
import { startShop } from "./server.mjs";
import { houseJourneys } from "./house.mjs";
import { holdScriptsUntilPaint } from "../build/scripts-after-paint.mjs";

const shop = await startShop();
const base = shop.url;
const browser = await launch();

/** A catalogue list's items: `{ data: [...] }`, the contract's list answer. */
async function api(path) {
  const res = await fetch(`${base}/api${path}`);
  if (!res.ok) throw new Error(`GET /api${path}: ${res.status}`);
  return (await res.json()).data;
}

const [products, collections, menus, news, runways, categories] = await Promise.all(
  ["/products", "/collections", "/menus", "/news", "/runways", "/categories"].map(api),
);
const catalog = { products, collections, menus, news, runways, categories };
const product = products.find((p) => p.productGallery.length >= 3 && p.color.length > 0) ?? products[0];
const setProduct = products.find((p) => (p.items ?? []).length > 0);
const collection = collections[0];
const menu = menus.find((m) => m.link.kind === "collection");
const article = news[0];
const runway = runways[0];
const category = categories.find((c) => !["new", "men", "women", "man", "woman"].includes(c.name.toLowerCase()));
const productUrl = (p) => `/shop/product/${p.id}/${p.slug}/`;
const upper = (s) => s.trim().toUpperCase();

/**
 * Serves made-up files under `prefix` on the shop's origin, for the held scripts' journeys (no shop
 * page: nothing hydrates). Each named file may set its body, type, status and delay; by default a
 * file is a script that records it ran in `window.ran`.
 */
async function serveMadeUp(page, prefix, files) {
  await page.route(`${base}${prefix}**`, async (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop();
    const file = { type: "text/javascript", body: `(window.ran = window.ran || []).push(${JSON.stringify(name)});`, ...files[name] };
    if (file.delayMs) await new Promise((r) => setTimeout(r, file.delayMs));
    await route.fulfill({ status: file.status ?? 200, contentType: file.type, body: file.body });
  });
}

/** Once `locator`'s width holds still from one frame to the next (an animated zoom has ended). */
async function steady(locator) {
  await locator.evaluate(
    (el) =>
      new Promise((done) => {
        let last = -1;
        const look = () => {
          const width = el.getBoundingClientRect().width;
          if (width === last) return done();
          last = width;
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

/** Loads lazy images for the full-page screenshot, then returns to the top. */
async function settle(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      // A painted frame at each stop: lazy images in view start loading.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle").catch(() => {});
}

async function visit(path, size, check) {
  const { page, context, problems } = await freshPage(browser, size);
  try {
    const res = await page.goto(base + path, { waitUntil: "domcontentloaded" });
    assert(res && res.status() === 200, `${path} answered ${res?.status()}`);
    await check(page);
    return { page, context, problems };
  } catch (e) {
    await context.close();
    throw e;
  }
}

const heading = (text) => async (page) => {
  await page.getByRole("heading", { level: 1 }).filter({ hasText: text }).first().waitFor();
};
const cards = (min) => async (page) => {
  await page
    .locator(".product-card")
    .nth(min - 1)
    .waitFor();
};
const both =
  (...checks) =>
  async (page) => {
    for (const c of checks) await c(page);
  };

const routes = [
  ["home", "/", both(async (p) => p.getByRole("heading", { name: "NEW ARRIVALS" }).waitFor(), cards(3))],
  ["shop", "/shop/", both(heading("ALL PRODUCTS"), cards(8))],
  ["shop-women", "/shop/women/", both(heading("ALL PRODUCTS"), async (p) => p.getByText("WOMEN", { exact: true }).waitFor(), cards(2))],
  ["shop-men", "/shop/men/", both(heading("ALL PRODUCTS"), cards(2))],
  ["shop-new-arrivals", "/shop/new-arrivals/", both(async (p) => p.locator(".tag-new").first().waitFor(), cards(1))],
  ...(category ? [["shop-category", `/shop/${encodeURIComponent(category.name)}/`, heading("ALL PRODUCTS")]] : []),
  ["product", productUrl(product), both(heading(upper(product.name)), async (p) => p.getByRole("button", { name: "ADD TO CART" }).waitFor())],
  ["collection", `/collection/${collection.id}/${collection.slug}/`, both(heading(upper(collection.name)), cards(1))],
  ...(menu ? [["collection-menu", `/collection/${menu.link.id}/${menu.link.slug}/`, both(async (p) => p.locator("h1").first().waitFor(), cards(1))]] : []),
  ["made-to-order", "/made-to-order/", async (p) => p.getByRole("button", { name: "BOOK AN APPOINTMENT" }).waitFor()],
  [
    "about",
    "/about/",
    both(heading("ABOUT"), async (p) => assert((await p.locator("[data-testid=logo-wall] .logo").count()) === 60, "the about page repeats the logo 60 times")),
  ],
  ["news", "/news/", async (p) => p.getByRole("heading", { name: upper(article.title) }).waitFor()],
  ["news-detail", `/news/${article.id}/${article.slug}/`, heading(upper(article.title))],
  ["runway", "/runway/", async (p) => p.getByRole("heading", { name: upper(runway.name) }).waitFor()],
  [
    "runway-detail",
    `/runway/${runway.id}/${runway.slug}/`,
    both(heading(upper(runway.name)), async (p) => p.getByRole("button", { name: "SEE THE FILM" }).first().waitFor()),
  ],
  ["search", `/search/?q=${encodeURIComponent(product.name.split(" ")[0])}`, both(heading("SEARCH RESULTS FOR"), cards(1))],
  ["contact", "/support/contact/", heading("CONTACT US")],
  ["faq", "/support/faq/", both(heading("FAQ"), async (p) => p.getByText("Shipping & Returns").waitFor())],
  ["privacy", "/privacy-policy/", heading("PRIVACY POLICY")],
  [
    "terms",
    "/terms-and-conditions/",
    both(heading("TERMS AND CONDITIONS"), async (p) => assert((await p.locator(".terms-list li").count()) === 8, "terms have eight bullets")),
  ],
  ["terms-alias", "/termsAndConditions/", heading("TERMS AND CONDITIONS")],
  ["sign-up", "/sign-up/", both(heading("CREATE ACCOUNT"), async (p) => p.getByLabel("Year").waitFor())],
  ["forget-password", "/forget-password/", both(heading("FORGOT YOUR PASSWORD?"), async (p) => p.getByRole("button", { name: "Reset password" }).waitFor())],
  ["reset-password", "/reset-password/?token=deep-link", both(heading("RESET PASSWORD"), async (p) => p.getByRole("button", { name: "Save" }).waitFor())],
];

const deepLinks = routes.flatMap(([name, path, check]) =>
  Object.values(WIDTHS).map((size) => ({
    name: `cold deep link ${path} at ${size.width}px`,
    fn: async () => {
      const { page, context, problems } = await visit(path, size, check);
      await settle(page);
      await shoot(page, name);
      await context.close();
      assert(problems.length === 0, problems.join("; "));
    },
  })),
);

const journeys = [
  {
    name: "published HTML carries the catalogue as its first paint (no script run), and a first render after hydration shows it",
    fn: async () => {
      const firstPaint = async (path) => {
        const html = await (await fetch(base + path)).text();
        const json = /<script id="first-paint" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
        assert(json, `${path} has no first paint`);
        return JSON.parse(json);
      };
      const active = products.filter((p) => (p.status ?? "active") === "active");
      const listed = new Set(((await firstPaint("/shop/"))["/products"] ?? []).map((p) => p.name));
      const missing = active.filter((p) => !listed.has(p.name));
      assert(missing.length === 0, `the shop's first paint lacks ${missing.map((p) => p.name).join(", ")}`);
      const home = await firstPaint("/");
      assert(home["/banners"]?.length > 0 && home["/house"]?.name, `the home page's first paint: ${Object.keys(home)}`);
      // The names are on screen as soon as the page is hydrated (the harness's goto waits for it), before any API answer.
      const { page, context } = await freshPage(browser, WIDTHS.desktop);
      try {
        await page.route(/\/api\/products(\?.*)?$/, () => {});
        await page.goto(`${base}/shop/`);
        await page
          .getByRole("heading", { level: 2, name: upper(active[0].name), exact: true })
          .first()
          .waitFor({ timeout: 5_000 });
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "a page asks for its scripts after its first paint; they compile as they stream in, later chunks do not",
    fn: async () => {
      const text = async (path) => (await fetch(base + path)).text();
      const started = new Set();
      for (const path of ["/", "/shop/", productUrl(product)]) {
        const html = await text(path);
        assert(!/<script src="[^"]+"[^>]* async="">/.test(html), `${path} still asks for a script while it is parsed`);
        assert(/<meta charset="utf-8"\/>/i.test(html.slice(0, 1024)), `${path} declares its character set after its first 1024 bytes`);
        for (const [, src] of html.matchAll(/<script data-src="([^"]+\.js)"[^>]* async="">/g)) started.add(src);
      }
      assert(started.size >= 8, `the pages start with ${started.size} scripts`);
      for (const src of started) assert((await text(src)).startsWith("//# allFunctionsCalledOnLoad\n"), `${src} has no compile hint`);
      // The webpack runtime names every chunk; one loaded on demand must stay lazy.
      const runtime = [...started].find((src) => /\/webpack-[^/]+\.js$/.test(src));
      const names = (await text(runtime)).match(/"static\/chunks\/"\+\w+\+"\."\+\(\{([^}]*)\}\)/)?.[1] ?? "";
      const later = [...names.matchAll(/(\d+):"([0-9a-f]+)"/g)].map(([, id, hash]) => `/_next/static/chunks/${id}.${hash}.js`);
      assert(later.length > 0, "the webpack runtime names chunks loaded on demand");
      const lazy = await text(later[0]);
      assert(lazy.includes("webpackChunk") && !lazy.includes("allFunctionsCalledOnLoad"), `${later[0]} is loaded on demand but has the compile hint`);
      // In the browser: painted first, then the scripts, then a hydrated page (the harness's goto waits for it).
      const { page, context } = await freshPage(browser, WIDTHS.mobile);
      await page.goto(`${base}/shop/`, { waitUntil: "load" });
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((r) => r.name.includes("/_next/static/chunks/"))
          .map((r) => r.startTime),
      }));
      await context.close();
      assert(timing.paint !== undefined && timing.scripts.length >= 8, `paint ${timing.paint}, ${timing.scripts.length} scripts`);
      assert(
        Math.min(...timing.scripts) >= timing.paint,
        `a script was asked for at ${Math.min(...timing.scripts)} ms, before the first paint at ${timing.paint} ms`,
      );
    },
  },
  {
    name: "a page painted while still parsed starts the held scripts parsed after its paint too",
    fn: async () => {
      // The held runtime ends the body; a slow script before it keeps the parser waiting after the first paint.
      const html = holdScriptsUntilPaint(
        [
          '<!DOCTYPE html><html lang="en"><head></head><body><h1>PAINTED FIRST</h1>',
          '<script src="/mid-parse/early.js" async=""></script>',
          '<script src="/mid-parse/slow.js"></script>',
          '<script src="/mid-parse/runtime.js" id="_R_" async=""></script></body></html>',
        ].join(""),
      );
      const { page, context } = await freshPage(browser, WIDTHS.mobile);
      await serveMadeUp(page, "/mid-parse/", {
        "page.html": { type: "text/html", body: html },
        "slow.js": { delayMs: 1500 },
      });
      await page.mainFrame().goto(`${base}/mid-parse/page.html`, { waitUntil: "load" });
      await page.waitForFunction(() => (window.ran ?? []).includes("runtime.js"), null, { timeout: 5000 }).catch(() => {});
      const seen = await page.evaluate(() => ({
        ran: window.ran ?? [],
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        parsed: performance.getEntriesByType("navigation")[0]?.domInteractive,
      }));
      await context.close();
      assert(seen.paint !== undefined && seen.paint + 500 < seen.parsed, `the page painted (${seen.paint} ms) well before it was parsed (${seen.parsed} ms)`);
      assert(seen.ran.includes("early.js") && seen.ran.includes("runtime.js"), `held scripts that ran: ${seen.ran.join(", ")}`);
    },
  },
  {
    name: "a page whose largest image is still loading at its first paint asks for its scripts once that image is painted",
    fn: async () => {
      // The image fetched with high priority comes a second after the text is painted; a broken one is not waited for.
      const held = (image) =>
        holdScriptsUntilPaint(
          `<!DOCTYPE html><html lang="en"><head></head><body><h1>PAINTED FIRST</h1><img src="/largest-image/${image}" fetchpriority="high" width="40" height="40" alt=""><script src="/largest-image/app.js" async=""></script></body></html>`,
        );
      const { page, context } = await freshPage(browser, WIDTHS.mobile);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>';
      await serveMadeUp(page, "/largest-image/", {
        "slow.html": { type: "text/html", body: held("slow.svg") },
        "slow.svg": { type: "image/svg+xml", body: svg, delayMs: 1000 },
        "broken.html": { type: "text/html", body: held("broken.svg") },
        "broken.svg": { status: 404, type: "image/svg+xml", body: "" },
      });
      const timing = async (name) => {
        await page.mainFrame().goto(`${base}/largest-image/${name}.html`, { waitUntil: "load" });
        await page.waitForFunction(() => (window.ran ?? []).includes("app.js"), null, { timeout: 5000 }).catch(() => {});
        return page.evaluate(() => {
          const [image, script] = ["svg", "app.js"].map((end) => performance.getEntriesByType("resource").find((r) => r.name.endsWith(end)));
          return {
            ran: (window.ran ?? []).includes("app.js"),
            paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
            image: image?.responseEnd,
            script: script?.startTime,
          };
        });
      };
      const slow = await timing("slow");
      const broken = await timing("broken");
      await context.close();
      assert(
        slow.ran && slow.paint + 500 < slow.image,
        `the text was painted (${slow.paint} ms) well before the image came (${slow.image} ms), and the script ran: ${slow.ran}`,
      );
      assert(slow.script > slow.image, `the script was asked for at ${slow.script} ms, before the largest image came at ${slow.image} ms`);
      assert(broken.ran && broken.script < 1000, `with a broken image the script ran (${broken.ran}), asked for at ${broken.script} ms, not after a wait`);
    },
  },
  {
    name: "a visitor's pages ask no session and log no error (no signed-in hint)",
    fn: async () => {
      for (const path of ["/", "/shop/", productUrl(product)]) {
        const { page, context } = await freshPage(browser, WIDTHS.mobile);
        const asked = [];
        const errors = [];
        page.on("request", (r) => r.url().includes("/api/auth/") && asked.push(r.url()));
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        await page.goto(base + path, { waitUntil: "load" });
        await page.waitForLoadState("networkidle");
        await context.close();
        assert(asked.length === 0, `${path} asked ${asked.join(", ")}`);
        assert(errors.length === 0, `${path} logged ${errors.join("; ")}`);
      }
    },
  },
  {
    name: "search from the header panel",
    fn: async () => {
      const { page, context } = await visit("/", WIDTHS.desktop, heading(""));
      await page.getByRole("button", { name: "Search" }).click();
      const box = page.getByLabel("What are you looking for?");
      await box.fill("   ");
      await box.press("Enter");
      assert(new URL(page.url()).pathname === "/", "blank search is ignored");
      await page.getByText("RECOMMEND SEARCHES").waitFor();
      const first = product.name.split(" ")[0];
      await box.fill(first);
      await box.press("Enter");
      await page.waitForURL(/\/search\/\?q=/);
      await heading(`SEARCH RESULTS FOR “${upper(first)}”`)(page);
      await cards(1)(page);
      // Searching again starts from an empty box: typing never adds to the last search.
      const second = products.map((p) => p.name.split(" ")[0]).find((w) => w.toLowerCase() !== first.toLowerCase());
      await page.getByRole("button", { name: "Search" }).click();
      await shoot(page, "search-reopened");
      assert((await box.inputValue()) === "", `the box opens empty, not with "${await box.inputValue()}"`);
      await box.pressSequentially(second);
      await box.press("Enter");
      await page.waitForURL(`**/search/?q=${encodeURIComponent(second)}`);
      await heading(`SEARCH RESULTS FOR “${upper(second)}”`)(page);
      await cards(1)(page);
      await context.close();
    },
  },
  {
    name: "the CONTACT US tab at 390 px leaves the cards' hearts and the carousel's arrow free",
    fn: async () => {
      const { page, context } = await visit("/", WIDTHS.mobile, cards(2));
      const arrivals = page.getByRole("region", { name: "New arrivals" });
      const tab = page.getByRole("button", { name: "CONTACT US" });
      // The second card on screen: the right one of the two the carousel shows.
      const hearts = arrivals.locator(".product-card__heart");
      const rightHeart = async () => {
        const boxes = await hearts.evaluateAll((all) => all.map((h) => h.getBoundingClientRect().x));
        const onScreen = boxes.map((x, i) => [x, i]).filter(([x]) => x >= 0 && x < 390);
        return hearts.nth(onScreen.sort(([a], [b]) => b - a)[0][1]);
      };
      const nextArrow = arrivals.getByRole("button", { name: "Next products" });
      for (const [what, target] of [
        ["the second card's heart", await rightHeart()],
        ["the next arrow", nextArrow],
      ]) {
        // Beside the tab: the target's middle at the screen's middle, where the tab is.
        await target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
        });
        await painted(page);
        await page.screenshot({ path: `${SHOTS}/contact-tab-${what.replace(/\W+/g, "-")}-390.png` });
        const [t, b] = [await tab.boundingBox(), await target.boundingBox()];
        assert(t.x >= b.x + b.width, `the tab (from x ${t.x}) covers ${what} (to x ${b.x + b.width})`);
        const hit = await target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const y = box.top + box.height / 2;
          return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) => el.contains(document.elementFromPoint(x, y)));
        });
        assert(hit, `${what} is under something at the tab's height`);
      }
      await tab.click();
      await page.getByRole("complementary", { name: "Contact us" }).getByText("Daily 10:00-20:00 (GMT+7)").waitFor();
      await context.close();
    },
  },
  {
    name: "a header icon closes the panel it opened (390 and 1440 px)",
    fn: async () => {
      for (const size of [WIDTHS.mobile, WIDTHS.desktop]) {
        const { page, context } = await visit("/shop/", size, cards(1));
        for (const [icon, panel] of [
          ["Open menu", "Menu"],
          ["Search", "Search"],
          ["Account", "Account"],
          ["Shopping bag", "Shopping bag"],
        ]) {
          const button = page.locator("header").getByRole("button", { name: icon, exact: true });
          await button.click();
          const dialog = page.getByRole("dialog", { name: panel });
          await dialog.waitFor();
          // The icon is what a tap at its centre reaches: not under the panel or its backdrop.
          const box = await button.boundingBox();
          const onTop = await page.evaluate(({ x, y, name }) => document.elementFromPoint(x, y)?.closest("button")?.getAttribute("aria-label") === name, {
            x: box.x + box.width / 2,
            y: box.y + box.height / 2,
            name: icon,
          });
          if (!onTop) await shoot(page, `panel-covers-icon-${panel.replace(/ /g, "-").toLowerCase()}-${size.width}`);
          assert(onTop, `at ${size.width} px the ${panel} panel leaves its ${icon} icon uncovered`);
          assert((await button.getAttribute("aria-expanded")) === "true", `${icon} says its panel is open`);
          await button.click({ timeout: 3000 });
          await dialog.waitFor({ state: "detached" });
          assert((await button.getAttribute("aria-expanded")) === "false", `${icon} says its panel is closed`);
        }
        await page.locator("header").getByRole("button", { name: "Shopping bag" }).click();
        await page.getByRole("dialog", { name: "Shopping bag" }).waitFor();
        await shoot(page, `panel-bag-open-${size.width}`);
        await context.close();
      }
    },
  },
  {
    name: "the home header sticks only after 200 px of scrolling (390 and 1440 px)",
    fn: async () => {
      for (const size of [WIDTHS.mobile, WIDTHS.desktop]) {
        const { page, context } = await visit("/", size, cards(1));
        const headerTopAt = async (y) => {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          await page.waitForFunction((to) => Math.abs(window.scrollY - to) < 2, y);
          await painted(page);
          return Math.round((await page.locator("header").boundingBox()).y);
        };
        const at120 = await headerTopAt(120);
        await shoot(page, `home-header-120-${size.width}`);
        assert(at120 === -120, `at ${size.width} px the header scrolls away with the page before 200 px (top ${at120} at 120 px)`);
        const at400 = await headerTopAt(400);
        await shoot(page, `home-header-400-${size.width}`);
        assert(at400 === 0, `at ${size.width} px the header sticks past 200 px (top ${at400} at 400 px)`);
        await context.close();
      }
    },
  },
  {
    name: "the collection banner shows its whole picture at 390 px",
    fn: async () => {
      const { page, context } = await visit(`/collection/${collection.id}/${collection.slug}/`, WIDTHS.mobile, heading(upper(collection.name)));
      const picture = page.locator(".banner-carousel img").first();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await picture.elementHandle());
      const shown = await picture.evaluate((img) => {
        const box = img.getBoundingClientRect();
        const arrow = img.closest(".banner-carousel").querySelector(".carousel-arrow--prev").getBoundingClientRect();
        return {
          box: box.width / box.height,
          natural: img.naturalWidth / img.naturalHeight,
          left: box.left,
          right: box.right,
          middle: box.top + box.height / 2,
          arrowTop: arrow.top,
        };
      });
      await shoot(page, "collection-banner-390");
      // A box of the picture's own proportions inside the screen: nothing of its lettering is cropped.
      assert(
        Math.abs(shown.box - shown.natural) < 0.02,
        `the banner box (${shown.box.toFixed(2)}) has the picture's proportions (${shown.natural.toFixed(2)}), so none of it is cropped`,
      );
      assert(shown.left >= 0 && shown.right <= WIDTHS.mobile.width + 1, "the banner fits the screen");
      // The lettering sits across the picture's middle: the arrows keep below it.
      assert(shown.arrowTop >= shown.middle, `the left arrow (top ${shown.arrowTop}) keeps below the picture's middle (${shown.middle})`);
      await context.close();
    },
  },
  {
    name: "shop filters: price sort, category, reset",
    fn: async () => {
      const { page, context } = await visit("/shop/", WIDTHS.desktop, cards(8));
      const total = await page.locator(".product-card").count();
      await page.getByRole("button", { name: "Filters" }).click();
      await page.getByLabel("Prices").selectOption("asc");
      await page.getByRole("button", { name: "Apply" }).click();
      const prices = (await page.locator(".product-card__price").allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, "")));
      assert(
        prices.every((p, i) => i === 0 || prices[i - 1] <= p),
        `prices ascending: ${prices.join(",")}`,
      );
      await page.getByLabel("Prices").selectOption("desc");
      await page.getByRole("button", { name: "Apply" }).click();
      const desc = (await page.locator(".product-card__price").allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, "")));
      assert(
        desc.every((p, i) => i === 0 || desc[i - 1] >= p),
        "prices descending",
      );
      const chips = page.locator(".filters .chip");
      assert((await chips.filter({ hasText: /^new$/i }).count()) === 0, "the 'new' category is hidden");
      await chips.nth(1).click();
      await page.getByRole("button", { name: "Apply" }).click();
      const filtered = await page.locator(".product-card").count();
      assert(filtered < total, `a category narrows the list (${filtered} of ${total})`);
      await shoot(page, "shop-filtered");
      await page.getByRole("button", { name: "Reset" }).click();
      assert((await page.locator(".product-card").count()) === total, "reset shows everything");
      await context.close();
    },
  },
  {
    name: "product gallery, thumbnails and lightbox (counter, next, zoom, close)",
    fn: async () => {
      const n = product.productGallery.length;
      const { page, context } = await visit(productUrl(product), WIDTHS.desktop, heading(upper(product.name)));
      await page.getByRole("button", { name: "Next image" }).click();
      await page
        .locator('.gallery .dot[aria-current="true"]')
        .and(page.getByRole("button", { name: "Image 2" }))
        .waitFor();
      await page.getByRole("button", { name: "Show image 3" }).click();
      await page
        .locator(".gallery__thumb--on")
        .and(page.getByRole("button", { name: "Show image 3" }))
        .waitFor();
      await page.getByRole("button", { name: `Open image 3 of ${n} full screen` }).click();
      await page.locator(".yarl__root").waitFor();
      await page.getByText(`3 / ${n}`).waitFor();
      await page.locator(".yarl__root").getByRole("button", { name: "Next" }).click();
      await page.getByText(`${(3 % n) + 1} / ${n}`).waitFor();
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.getByRole("button", { name: "Zoom out" }).and(page.locator(":not([disabled])")).waitFor();
      await page.getByRole("button", { name: "Enter Fullscreen" }).waitFor();
      await shoot(page, "lightbox");
      await page.locator(".yarl__root").getByRole("button", { name: "Close" }).click();
      await page.locator(".yarl__root").waitFor({ state: "detached" });
      await context.close();
    },
  },
  {
    name: "lightbox zoom stops at 3x at 390 and 1440 px",
    fn: async () => {
      for (const size of [WIDTHS.mobile, WIDTHS.desktop]) {
        const { page, context } = await visit(productUrl(product), size, heading(upper(product.name)));
        await page.getByRole("button", { name: /^Open image 1 of \d+ full screen$/ }).click();
        const picture = page.locator(".yarl__slide_current img");
        await picture.waitFor();
        await page.waitForFunction(() => document.querySelector(".yarl__slide_current img")?.complete);
        const before = (await picture.boundingBox()).width;
        // Zoom in as far as the lightbox lets a shopper (the button stays enabled while it can go further).
        const zoomIn = page.getByRole("button", { name: "Zoom in" });
        for (let click = 0; click < 4 && (await zoomIn.isEnabled()); click += 1) await zoomIn.click();
        await steady(picture);
        const zoom = (await picture.boundingBox()).width / before;
        await shoot(page, `lightbox-zoomed-${size.width}`);
        assert(Math.abs(zoom - 3) < 0.02, `at ${size.width} px the lightbox zooms to 3x at most: ${zoom.toFixed(2)}x`);
        await context.close();
      }
    },
  },
  {
    name: "size guide in cm and in",
    fn: async () => {
      const { page, context } = await visit(productUrl(product), WIDTHS.mobile, heading(upper(product.name)));
      await page.getByRole("button", { name: "SIZE GUIDE" }).click();
      const dialog = page.getByRole("dialog", { name: "SIZE GUIDE" });
      await dialog.getByRole("row", { name: /XXS 0 32 36 78 60 86/ }).waitFor();
      await dialog.getByRole("button", { name: "in", exact: true }).click();
      await dialog.getByRole("row", { name: /XXS 0 32 14.2 30.7 23.6 33.9/ }).waitFor();
      await shoot(page, "size-guide");
      await context.close();
    },
  },
  {
    name: "visitor ADD TO CART: colour rule, login toast; heart toast",
    fn: async () => {
      const p = setProduct ?? product;
      const { page, context } = await visit(productUrl(p), WIDTHS.desktop, heading(upper(p.name)));
      await page.getByRole("button", { name: "ADD TO CART" }).click();
      await page.getByText("Please select the color.").waitFor();
      await page.getByLabel("Color").selectOption(p.color[0]);
      await page.getByRole("button", { name: "ADD TO CART" }).click();
      await page.locator(".Toastify__toast-container--top-center").getByText("Log in to start building your cart and enjoy a faster checkout!").waitFor();
      await page.getByRole("button", { name: "Add to wishlist" }).click();
      // Toasts last 5 s: on a loaded machine one may already be leaving when looked at, so presence is what counts.
      await page.getByText("Please log in to add products to your wishlist.").waitFor();
      await shoot(page, "visitor-toasts");
      await context.close();
    },
  },
  {
    name: "made-to-order request in three steps",
    fn: async () => {
      const { page, context } = await visit(productUrl(product), WIDTHS.mobile, heading(upper(product.name)));
      await page.getByRole("button", { name: "CUSTOM TO ORDER" }).click();
      const dialog = page.getByRole("dialog", { name: "MADE TO ORDER" });
      await dialog.getByRole("button", { name: "NEXT" }).click();
      await dialog.getByText("Please enter your first name.").waitFor();
      await dialog.getByText("Prefered Delivery Date is required").waitFor();
      await dialog.getByLabel("First name *").fill("Lan");
      await dialog.getByLabel("Last name *").fill("Nguyen");
      await dialog.getByLabel("Email *").fill("lan.e2e@example.com");
      await dialog.getByLabel("Phone number").fill("901234567");
      await dialog.getByLabel("Preferred delivery date *").fill("2027-03-14");
      await dialog.getByRole("button", { name: "NEXT" }).click();
      await dialog.getByLabel("Bust (cm)").fill("86");
      await dialog.getByLabel("Waist (cm)").fill("66");
      await dialog.getByRole("button", { name: "NEXT" }).click();
      await dialog.getByRole("button", { name: "SUBMIT" }).click();
      await dialog.getByText("You must agree to the Terms & Conditions before proceeding.").waitFor();
      await dialog.getByRole("checkbox").check();
      await dialog.getByRole("button", { name: "SUBMIT" }).click();
      await dialog.getByText("Your order has been submitted. We will get in touch with you soon, please stay tuned.").waitFor();
      await shoot(page, "made-to-order-modal");
      await context.close();
    },
  },
  {
    name: "book an appointment from the Made To Order page",
    fn: async () => {
      const { page, context } = await visit("/made-to-order/", WIDTHS.desktop, async (p) => p.getByRole("button", { name: "BOOK AN APPOINTMENT" }).waitFor());
      await page.getByRole("button", { name: "BOOK AN APPOINTMENT" }).click();
      const dialog = page.getByRole("dialog", { name: "BOOK AN APPOINTMENT" });
      await dialog.getByRole("button", { name: "BOOK AN APPOINTMENT" }).click();
      await dialog.getByText("Please enter your email.").waitFor();
      await dialog.getByLabel("First name *").fill("Minh");
      await dialog.getByLabel("Last name *").fill("Tran");
      await dialog.getByLabel("Email *").fill("minh.e2e@example.com");
      await dialog.getByLabel("Phone number").fill("912345678");
      await dialog.getByLabel("Preferred contact time *").selectOption("12-15");
      await dialog.getByRole("button", { name: "BOOK AN APPOINTMENT" }).click();
      await dialog.getByText("Your appointment has been booked successfully. We will get in touch with you soon, please stay tuned.").waitFor();
      await shoot(page, "appointment");
      await context.close();
    },
  },
  {
    name: "client navigation: sidebar to a menu, card to a product, back at the top",
    fn: async () => {
      const { page, context, problems } = await visit("/", WIDTHS.mobile, cards(1));
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Women" }).click();
      await page.waitForURL(/\/shop\/women\/$/);
      await cards(2)(page);
      await page.evaluate(() => window.scrollTo(0, 600));
      const first = page.locator(".product-card__link").nth(1);
      const name = (await first.locator(".product-card__name").textContent()).trim();
      await first.click();
      await heading(name)(page);
      assert((await page.evaluate(() => window.scrollY)) === 0, "a navigation scrolls to the top");
      // Back and Forward too, though the browser remembers where each page was scrolled.
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.goBack();
      await page.waitForURL(/\/shop\/women\/$/);
      await cards(2)(page);
      await painted(page);
      assert((await page.evaluate(() => window.scrollY)) === 0, `Back scrolls to the top (at ${await page.evaluate(() => window.scrollY)})`);
      await page.goForward();
      await heading(name)(page);
      await painted(page);
      assert((await page.evaluate(() => window.scrollY)) === 0, `Forward scrolls to the top (at ${await page.evaluate(() => window.scrollY)})`);
      assert(problems.length === 0, problems.join("; "));
      // A visitor's account icon asks the server (401) and opens the LOGIN panel.
      await page.getByRole("button", { name: "Account" }).click();
      await page.getByRole("dialog", { name: "Account" }).getByRole("heading", { name: "LOGIN" }).waitFor();
      await context.close();
    },
  },
  {
    name: "runway films open in modals",
    fn: async () => {
      const { page, context } = await visit(`/runway/${runway.id}/${runway.slug}/`, WIDTHS.desktop, heading(upper(runway.name)));
      await page.getByRole("button", { name: "SEE THE FILM" }).first().click();
      await page.locator(".video-frame iframe, .video-frame video").first().waitFor({ state: "attached" });
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      await page.getByRole("button", { name: "SEE THE FILM" }).last().click();
      await page.locator(".video-frame video").waitFor({ state: "attached" });
      await context.close();
    },
  },
];

// E2E_ONLY=text runs only the journeys whose name contains it.
const all = [
  ...journeys,
  ...accountJourneys({ browser, base, shop, products }),
  ...checkoutJourneys({ browser, base, shop, products }),
  ...cardIsolationJourneys({ browser, base, products }),
  ...madeToOrderJourneys({ browser, base, shop, product }),
  ...bundleJourneys({ base, routes }),
  ...sessionJourneys({ browser, base, shop, products }),
  ...contentJourneys({ browser, base, runway }),
  ...seoJourneys({ browser, base, catalog }),
  ...idleJourneys({ browser, base, routes }),
  ...a11yJourneys({ browser, base, shop, products, routes }),
  ...keyboardJourneys({ browser, base, shop, products }),
  ...atelierJourneys({ browser, base, shop, products }),
  ...atelierRefundJourneys({ browser, base, shop, products }),
  ...deepLinks,
  // Last: they add products to the shop the other journeys share.
  ...pictureJourneys({ browser, base, shop }),
  ...seasonJourneys({ browser, base, shop }),
  ...houseFolderJourneys({ browser, base, shop }),
  ...publishedHouseJourneys({ browser, shop, catalog }),
];
const only = process.env.E2E_ONLY;
const chosen = (journeys) => (only ? journeys.filter((j) => j.name.includes(only)) : journeys);
const together = await run(chosen(all), Number(process.env.E2E_PARALLEL || 3));
// Alone, after all the others: they give the shop another house, which every page and email names.
const alone = await run(chosen(houseJourneys({ browser, base, shop })), 1);
const ok = together && alone;
await browser.close();
await shop.stop();
process.exit(ok ? 0 : 1);
