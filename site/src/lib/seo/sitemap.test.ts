import { robotsRules, sitemapEntries } from "./sitemap";
import { article, coat, draft, gown, ivory, ORIGIN, show } from "./test-data";

const catalog = { products: [gown, coat, draft], collections: [ivory], runways: [show, { ...show, id: "run-off", status: "inactive" as const }], news: [article] };

describe("sitemap", () => {
  const entries = sitemapEntries(catalog, ORIGIN);
  const at = (path: string) => entries.find((e) => e.url === `${ORIGIN}${path}`);

  it("lists every active entity at its address, dated by its own dates", () => {
    expect(at("/shop/product/prod-ivory-atelier-01/atelier-cathedral-bridal-gown/")).toMatchObject({ lastModified: "2025-01-23T09:00:00.000Z", images: [`${ORIGIN}${gown.productGallery[0]}`] });
    expect(at("/runway/run-lotus-reverie/lotus-reverie/")?.lastModified).toBe("2025-03-14T20:00:00.000Z");
    expect(at("/news/news-monsoon-preview/monsoon-silk-a-first-look/")?.lastModified).toBe("2025-10-30T16:45:00.000Z");
    // A collection is as new as its newest active product (the draft is newer).
    expect(at("/collection/col-ivory-atelier/ivory-atelier/")?.lastModified).toBe("2025-02-04T09:00:00.000Z");
  });

  it("leaves out what is not active and the private pages", () => {
    const urls = entries.map((e) => e.url);
    expect(urls.some((u) => u.includes("prod-draft") || u.includes("run-off"))).toBe(false);
    expect(urls.some((u) => /\/(me|checkout|search|sign-up|reset-password|verify-email|forget-password)\//.test(u))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("dates a listing by the newest it lists, and leaves the others undated", () => {
    expect(at("/shop/")?.lastModified).toBe("2025-02-04T09:00:00.000Z");
    expect(at("/shop/women/")?.lastModified).toBe("2025-01-23T09:00:00.000Z");
    expect(at("/shop/men/")?.lastModified).toBe("2025-02-04T09:00:00.000Z");
    expect(at("/shop/new-arrivals/")).not.toHaveProperty("lastModified");
    expect(at("/")?.lastModified).toBe("2025-10-30T16:45:00.000Z");
    expect(at("/about/")).toEqual({ url: `${ORIGIN}/about/` });
  });
});

describe("robots", () => {
  it("allows all but the private pages and names the sitemap", () => {
    const robots = robotsRules(ORIGIN);
    expect(robots.sitemap).toBe(`${ORIGIN}/sitemap.xml`);
    expect(robots.rules).toEqual([{ userAgent: "*", allow: "/", disallow: ["/me/", "/checkout/", "/reset-password/", "/verify-email/", "/search/"] }]);
  });
});
