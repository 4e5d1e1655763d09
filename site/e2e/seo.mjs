/**
 * What search engines and link previews read in the served HTML: sitemap, titles, descriptions, canonical, Open Graph and JSON-LD.
 * The HTML is fetched as it is served (no script runs), and checked against the catalogue's own values. The pages are
 * published by `shopctl catalog import` (no build) and name the shop's public origin, the server's SITE_URL (the shop's own
 * address here, unless the run names another).
 */
import { JSDOM } from "jsdom";
import { WIDTHS, assert, freshPage } from "./harness.mjs";

/** The origin the publication names: the shop's SITE_URL. */
const publishedOrigin = (base) => new URL(process.env.SITE_URL || base).origin;

const isActive = (e) => (e.status ?? "active").toLowerCase() === "active";
const usd = (n) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const path = (kind, e, empty) => `/${kind}/${encodeURIComponent(e.id)}/${encodeURIComponent(e.slug || empty)}/`;
const iso = (d) => new Date(d).toISOString();

/** The head of a page as served: what a crawler reads. */
async function headOf(base, pagePath) {
  const res = await fetch(base + pagePath);
  const doc = new JSDOM(await res.text()).window.document;
  const meta = (key) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  return {
    status: res.status,
    title: doc.title,
    description: meta("description"),
    robots: meta("robots"),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    meta,
    ld: [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => [JSON.parse(s.textContent)].flat()),
  };
}

/** Title, description, canonical, Open Graph and Twitter of a public page at `pagePath`, on the shop's origin. */
function checkHead(head, pagePath, { title, origin, site, type = "website" }) {
  const where = `${pagePath}:`;
  assert(head.status === 200, `${where} answered ${head.status}`);
  assert(head.title === `${title} — ${site}` || head.title === title, `${where} title "${head.title}", not "${title} — ${site}"`);
  assert(head.description && head.description.length >= 40 && head.description.length <= 160, `${where} description "${head.description}"`);
  assert(head.canonical, `${where} has no canonical address`);
  const canonical = new URL(head.canonical);
  assert(canonical.origin === origin && canonical.pathname === pagePath, `${where} canonical ${head.canonical}, not ${origin}${pagePath}`);
  assert(head.meta("og:url") === head.canonical, `${where} og:url ${head.meta("og:url")}`);
  assert(head.meta("og:type") === type, `${where} og:type ${head.meta("og:type")}, not ${type}`);
  assert(head.meta("og:site_name") === site, `${where} og:site_name ${head.meta("og:site_name")}`);
  assert(head.meta("og:title") && head.meta("og:description") === head.description, `${where} og:title/og:description`);
  const image = head.meta("og:image");
  assert(image && new URL(image).origin === origin, `${where} og:image ${image} is not on ${origin}`);
  assert(
    head.meta("twitter:card") === "summary_large_image" && head.meta("twitter:image") === image,
    `${where} twitter card ${head.meta("twitter:card")}, image ${head.meta("twitter:image")}`,
  );
  assert(!head.robots?.includes("noindex"), `${where} says ${head.robots}`);
}

const ofType = (head, type) => head.ld.filter((d) => d["@type"] === type);

/** The BreadcrumbList ends at the page itself, on the shop's origin. */
function checkCrumbs(head, pagePath, origin) {
  const [crumbs] = ofType(head, "BreadcrumbList");
  const last = crumbs?.itemListElement.at(-1);
  assert(crumbs?.itemListElement[0]?.item === `${origin}/` && last?.item === `${origin}${pagePath}`, `${pagePath}: breadcrumbs ${JSON.stringify(crumbs)}`);
}

export function seoJourneys({ browser, base, catalog }) {
  const products = catalog.products.filter(isActive);
  const product = products.find((p) => p.productGallery.length > 0 && p.collectionName) ?? products[0];
  const collection = catalog.collections.filter(isActive)[0];
  const runway = catalog.runways.filter(isActive).find((r) => r.youtubeUrl && r.video) ?? catalog.runways.filter(isActive)[0];
  const article = catalog.news.filter(isActive)[0];

  return [
    {
      name: "seo: every kind of page names what it shows in its served HTML (title, description, canonical, Open Graph, Twitter, JSON-LD)",
      fn: async () => {
        const origin = publishedOrigin(base);
        const home = await headOf(base, "/");
        const site = home.meta("og:site_name");
        assert(site, "the home page has no og:site_name");
        checkHead(home, "/", { title: home.title, origin, site });
        const [house] = ofType(home, "Organization");
        assert(house?.name === site && house.url === `${origin}/` && house.address?.streetAddress, `home: Organization ${JSON.stringify(house)}`);

        checkHead(await headOf(base, "/shop/"), "/shop/", { title: "All products", origin, site });
        const women = await headOf(base, "/shop/women/");
        checkHead(women, "/shop/women/", { title: "Women", origin, site });
        checkCrumbs(women, "/shop/women/", origin);
        checkHead(await headOf(base, "/about/"), "/about/", { title: "About", origin, site });

        // A product: its name, collection, price and first picture; Product and Offer.
        const productPath = path("shop/product", product, "item");
        const item = await headOf(base, productPath);
        checkHead(item, productPath, { title: product.name.trim(), origin, site, type: "product" });
        assert(
          item.description.includes(usd(product.price)) && item.description.includes(product.collectionName.trim()),
          `${productPath}: description "${item.description}" lacks its price or collection`,
        );
        assert(
          item.meta("og:image") === `${origin}${product.productGallery[0]}` && Number(item.meta("og:image:width")) > 0,
          `${productPath}: og:image ${item.meta("og:image")}`,
        );
        assert(
          item.meta("product:price:amount") === product.price.toFixed(2) && item.meta("product:price:currency") === "USD",
          `${productPath}: product:price`,
        );
        const [ld] = ofType(item, "Product");
        assert(
          ld?.name === product.name.trim() && ld.sku === product.sku && ld.image[0] === `${origin}${product.productGallery[0]}`,
          `${productPath}: Product ${JSON.stringify(ld)}`,
        );
        assert(
          ld.offers?.price === product.price.toFixed(2) &&
            ld.offers.priceCurrency === "USD" &&
            /schema\.org\/InStock$/.test(ld.offers.availability) &&
            ld.brand?.name === site,
          `${productPath}: Offer ${JSON.stringify(ld.offers)}`,
        );
        checkCrumbs(item, productPath, origin);

        const collectionPath = path("collection", collection, "collection");
        const col = await headOf(base, collectionPath);
        checkHead(col, collectionPath, { title: `${collection.name.trim()} collection`, origin, site });
        assert(col.meta("og:image") === `${origin}${collection.banner[0]}`, `${collectionPath}: og:image ${col.meta("og:image")}`);
        checkCrumbs(col, collectionPath, origin);

        // A runway show: its films as VideoObjects (YouTube by its embed address, the film file by its own).
        const runwayPath = path("runway", runway, "show");
        const show = await headOf(base, runwayPath);
        checkHead(show, runwayPath, { title: runway.name.trim(), origin, site });
        assert(show.meta("og:image") === `${origin}${runway.banners[0]}`, `${runwayPath}: og:image ${show.meta("og:image")}`);
        const films = ofType(show, "VideoObject");
        assert(
          films.length > 0 &&
            films.every((f) => f.name && f.description && f.thumbnailUrl?.length && f.uploadDate === runway.createdAt && (f.embedUrl || f.contentUrl)),
          `${runwayPath}: VideoObject ${JSON.stringify(films)}`,
        );
        if (runway.video)
          assert(
            films.some((f) => f.contentUrl === `${origin}${runway.video}`),
            `${runwayPath}: no film names ${runway.video}`,
          );
        if (runway.youtubeUrl)
          assert(
            films.some((f) => f.embedUrl?.startsWith("https://www.youtube.com/embed/")),
            `${runwayPath}: no film is embedded from YouTube`,
          );

        const newsPath = path("news", article, "article");
        const news = await headOf(base, newsPath);
        checkHead(news, newsPath, { title: article.title.trim(), origin, site, type: "article" });
        const [story] = ofType(news, "NewsArticle");
        assert(
          story?.headline === article.title.trim() &&
            story.datePublished === article.createdAt &&
            story.dateModified === (article.updatedAt || article.createdAt),
          `${newsPath}: NewsArticle ${JSON.stringify(story)}`,
        );
        if (article.poster)
          assert(story.image[0] === `${origin}${article.poster}` && news.meta("og:image") === `${origin}${article.poster}`, `${newsPath}: poster`);

        // The not-found page says so, and asks not to be listed.
        const missing = await headOf(base, "/no-such-page/");
        assert(
          missing.title === `Page not found — ${site}` && missing.robots?.includes("noindex") && !missing.canonical,
          `404: title "${missing.title}", robots ${missing.robots}, canonical ${missing.canonical}`,
        );
        // A private page likewise.
        const orders = await headOf(base, "/me/orders/");
        assert(orders.robots?.includes("noindex") && !orders.canonical, `/me/orders/: robots ${orders.robots}, canonical ${orders.canonical}`);
      },
    },
    {
      name: "seo: sitemap.xml lists every active product, collection, runway and news item with its lastmod; robots.txt names it",
      fn: async () => {
        const origin = publishedOrigin(base);
        const robots = await (await fetch(`${base}/robots.txt`)).text();
        assert(
          robots.includes(`Sitemap: ${origin}/sitemap.xml`) && /User-Agent: \*/i.test(robots) && robots.includes("Disallow: /me/"),
          `robots.txt: ${robots}`,
        );
        const res = await fetch(`${base}/sitemap.xml`);
        assert(res.ok && /xml/.test(res.headers.get("content-type") ?? ""), `sitemap.xml answered ${res.status} ${res.headers.get("content-type")}`);
        const xml = await res.text();
        const listed = new Map(
          [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => [/<loc>([^<]+)<\/loc>/.exec(url)?.[1], /<lastmod>([^<]+)<\/lastmod>/.exec(url)?.[1]]),
        );
        assert(
          [...listed.keys()].every((loc) => new URL(loc).origin === origin && loc.endsWith("/")),
          "every address is on the shop's origin, with its trailing slash",
        );
        const expect = (p, lastmod) => {
          const at = `${origin}${p}`;
          assert(listed.has(at), `sitemap.xml lacks ${p}`);
          assert(listed.get(at) === lastmod, `sitemap.xml dates ${p} ${listed.get(at)}, not ${lastmod}`);
        };
        for (const p of products) expect(path("shop/product", p, "item"), iso(p.createdAt));
        for (const r of catalog.runways.filter(isActive)) expect(path("runway", r, "show"), iso(r.createdAt));
        for (const n of catalog.news.filter(isActive)) expect(path("news", n, "article"), iso(n.updatedAt || n.createdAt));
        for (const c of catalog.collections.filter(isActive)) {
          const dates = products
            .filter((p) => p.collection === c.id)
            .map((p) => iso(p.createdAt))
            .sort();
          expect(path("collection", c, "collection"), dates.at(-1));
        }
        for (const p of ["/", "/shop/", "/shop/women/", "/about/", "/news/", "/runway/"]) assert(listed.has(`${origin}${p}`), `sitemap.xml lacks ${p}`);
        assert(![...listed.keys()].some((loc) => /\/(me|checkout|search|_)\//.test(loc)), "sitemap.xml lists a private or placeholder page");
      },
    },
    {
      name: "seo: a placeholder page names the product and collection it shows once they arrive, and an unknown id is noindex",
      fn: async () => {
        // A known product under another slug has no published page: the placeholder serves it, reading the id from the address.
        const productPath = `/shop/product/${encodeURIComponent(product.id)}/not-built/`;
        const collectionPath = `/collection/${encodeURIComponent(collection.slug || collection.id)}/`;
        const site = (await headOf(base, "/")).meta("og:site_name");
        const served = await headOf(base, productPath);
        assert(served.title === `Product — ${site}` && !served.canonical, `${productPath} is not the placeholder: "${served.title}"`);
        const { page, context } = await freshPage(browser, WIDTHS.desktop);
        try {
          await page.goto(base + productPath);
          await page.waitForFunction((t) => document.title === t, `${product.name.trim()} — ${site}`, { timeout: 10_000 }).catch(() => {});
          assert((await page.title()) === `${product.name.trim()} — ${site}`, `${productPath}: document title "${await page.title()}"`);
          const descriptions = await page.locator('meta[name="description"]').evaluateAll((metas) => metas.map((m) => m.content));
          assert(
            descriptions.length > 0 && descriptions.every((d) => d.includes(usd(product.price))),
            `${productPath}: descriptions ${JSON.stringify(descriptions)}`,
          );
          await page.goto(base + collectionPath);
          await page.waitForFunction((t) => document.title === t, `${collection.name.trim()} collection — ${site}`, { timeout: 10_000 }).catch(() => {});
          assert((await page.title()) === `${collection.name.trim()} collection — ${site}`, `${collectionPath}: document title "${await page.title()}"`);
          // An id the shop does not have: the placeholder answers 200, so it tells search engines itself.
          const robots = page.locator('meta[name="robots"][content="noindex"]');
          assert((await robots.count()) === 0, `${collectionPath} is a real collection but says noindex`);
          await page.goto(`${base}/shop/product/no-such-gown/x/`);
          await page.getByText("No product found.").waitFor();
          assert((await robots.count()) === 1, "an unknown product's page does not say noindex");
        } finally {
          await context.close();
        }
      },
    },
  ];
}
