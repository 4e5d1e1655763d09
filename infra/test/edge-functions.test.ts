// The CloudFront Functions' generated code, evaluated in Node on sample requests.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  blobsRequestFunctionCode,
  exportedPages,
  FUNCTION_CODE_LIMIT,
  loadRewrites,
  notFoundPage,
  PUBLISHED_STORE_IMPORT,
  siteRequestFunction,
  siteRequestFunctionCode,
} from "../lib/edge-functions.ts";
import { fixtures, repoRoot } from "./support.ts";

type Answer = { uri?: string; statusCode?: number; headers?: Record<string, { value: string }> };
type Handler = (event: unknown) => Answer;
type SiteHandler = (event: unknown) => Promise<Answer>;

/** A function's text, run as CloudFront would: a script defining `handler`. */
function load(code: string): Handler {
  return new Function(`${code}\nreturn handler;`)() as Handler;
}

/**
 * The site function's text, run as CloudFront would, its `cf.kvs()` a store
 * holding `published` (the addresses a publication wrote); `failing`, a store
 * whose every read fails.
 */
function loadSite(code: string, published: readonly string[] = [], failing = false): SiteHandler {
  assert.ok(code.startsWith(PUBLISHED_STORE_IMPORT), "the store module is imported on the first line");
  const store = {
    exists: async (key: string) => {
      if (failing) throw new Error("the store is unreachable");
      return published.includes(key);
    },
  };
  return new Function("cf", `${code.slice(PUBLISHED_STORE_IMPORT.length)}\nreturn handler;`)({ kvs: () => store }) as SiteHandler;
}

function request(uri: string, querystring: Record<string, unknown> = {}, headers: Record<string, { value: string }> = {}) {
  return { version: "1.0", context: { eventType: "viewer-request" }, request: { method: "GET", uri, querystring, headers, cookies: {} } };
}

const fixtureRules = loadRewrites(join(fixtures, "rewrites.json"))!;

/** The site's own rules; their absence is a failure, not a skip. */
function siteRules() {
  const file = join(repoRoot, "site", "rewrites.json");
  const rules = loadRewrites(file);
  assert.ok(rules, `${file} is missing: the site's viewer-request function is generated from it`);
  return rules;
}
const site = loadSite(siteRequestFunctionCode(fixtureRules));
const served = async (uri: string) => (await site(request(uri))).uri;

describe("site viewer-request function", () => {
  it("rewrites a dynamic route to its placeholder page, HTML and RSC payload alike", async () => {
    assert.equal(await served("/shop/product/p1/silk-gown/"), "/shop/product/_/_/index.html");
    assert.equal(await served("/shop/product/p1/silk-gown/index.txt"), "/shop/product/_/_/index.txt");
    assert.equal(await served("/news/n-42/spring-show/"), "/news/_/_/index.html");
  });

  it("tries the rules in order: the first match wins", async () => {
    assert.equal(await served("/shop/women/"), "/shop/_/index.html");
    assert.equal(await served("/shop/new-arrivals/index.txt"), "/shop/_/index.txt");
    assert.equal(await served("/shop/index.txt"), "/shop/index.txt");
    assert.equal(await served("/collection/c1/summer/"), "/collection/_/_/index.html");
    assert.equal(await served("/collection/summer/"), "/collection/_/_/index.html");
  });

  it("serves directories and the root from index.html", async () => {
    assert.equal(await served("/"), "/index.html");
    assert.equal(await served("/shop/"), "/shop/index.html");
    assert.equal(await served("/about/"), "/about/index.html");
  });

  it("leaves files and the untouched prefixes alone", async () => {
    assert.equal(await served("/favicon.ico"), "/favicon.ico");
    assert.equal(await served("/_next/static/chunks/main.js"), "/_next/static/chunks/main.js");
    assert.equal(await served("/web/3.130.0/html/hosted-field-frame.html"), "/web/3.130.0/html/hosted-field-frame.html");
    for (const uri of ["/api/products", "/blobs/images/p1.svg", "/sandbox/pay", "/web/3.130.0/js/client"]) {
      assert.equal(await served(uri), uri, uri);
    }
  });

  it("redirects extension-less paths to their trailing-slash form, keeping the query", async () => {
    const plain = await site(request("/shop/product/p1/silk-gown"));
    assert.equal(plain.statusCode, 308);
    assert.equal(plain.headers?.location.value, "/shop/product/p1/silk-gown/");
    const search = await site(request("/search", { q: { value: "silk%20gown" }, page: { value: "2" } }));
    assert.equal(search.headers?.location.value, "/search/?q=silk%20gown&page=2");
    const multi = await site(request("/reset-password", { token: { value: "a", multiValue: [{ value: "a" }, { value: "b" }] } }));
    assert.equal(multi.headers?.location.value, "/reset-password/?token=a&token=b");
  });

  it("sends a reload of page data (index.txt) to the page itself, query kept but _rsc; Next's data fetch gets the data", async () => {
    const query = { status: { value: "success" }, _rsc: { value: "x1" } };
    const documents: Record<string, { value: string }>[] = [
      { "sec-fetch-dest": { value: "document" } },
      { accept: { value: "text/html,application/xhtml+xml,*/*;q=0.8" } },
    ];
    for (const headers of documents) {
      const reload = await site(request("/checkout/notify/index.txt", query, headers));
      assert.equal(reload.statusCode, 307);
      assert.equal(reload.headers?.location.value, "/checkout/notify/?status=success");
    }
    const data = await site(
      request("/checkout/notify/index.txt", query, { "sec-fetch-dest": { value: "empty" }, accept: { value: "*/*" }, rsc: { value: "1" } }),
    );
    assert.equal(data.statusCode, undefined);
    assert.equal(data.uri, "/checkout/notify/index.txt");
    assert.equal((await site(request("/robots.txt", {}, { "sec-fetch-dest": { value: "document" } }))).uri, "/robots.txt");
  });

  it("never redirects off the site: leading slashes collapse and backslashes are refused", async () => {
    for (const [uri, location] of [
      ["//evil%2Eexample", "/evil%2Eexample/"],
      ["///evil.example/x", "/evil.example/x/"],
      ["/%2F%2Fevil", "/%2F%2Fevil/"],
    ]) {
      const answer = await site(request(uri));
      assert.equal(answer.statusCode, 308, uri);
      assert.equal(answer.headers?.location.value, location, uri);
    }
    assert.equal(await served("//shop/"), "/shop/index.html");
    for (const uri of ["/\\evil.example", "/%5Cevil.example", "/%5cevil.example/"]) {
      assert.equal((await site(request(uri))).statusCode, 400, uri);
    }
  });

  it("answers a page the export does not have with its not-found page", async () => {
    const pages = exportedPages(join(fixtures, "site-out"));
    assert.deepEqual(pages, ["/", "/shop/", "/shop/_/"]);
    const checked = loadSite(siteRequestFunctionCode(fixtureRules, { pages, notFound: notFoundPage(join(fixtures, "site-out")) }));
    const uri = async (path: string) => (await checked(request(path))).uri;
    assert.equal(await uri("/shop/women/"), "/shop/_/index.html");
    assert.equal(await uri("/shop/women/index.txt"), "/shop/_/index.txt");
    assert.equal(await uri("/"), "/index.html");
    assert.equal(await uri("/no-such-page/"), "/404.html");
    assert.equal(await uri("/no-such-page/index.txt"), "/404.html");
    assert.equal(await uri("/shop/product/p1/silk-gown/"), "/404.html", "the fixture export has no product page");
    assert.equal(await uri("/robots.txt"), "/robots.txt", "other files go to the bucket as they are");
  });

  it("is generated from the site's own site/rewrites.json", async () => {
    const rules = siteRules();
    // With the site's export when it is built, so its pages are checked too.
    const out = join(repoRoot, "site", "out");
    const options = existsSync(join(out, "index.html")) ? { pages: exportedPages(out), notFound: notFoundPage(out) } : {};
    const code = siteRequestFunction(rules, options);
    const real = loadSite(code);
    const uri = async (path: string) => (await real(request(path))).uri;
    assert.equal(await uri("/shop/product/p1/silk-gown/"), "/shop/product/_/_/index.html");
    assert.equal(await uri("/shop/product/p1/silk-gown/index.txt"), "/shop/product/_/_/index.txt");
    assert.equal(await uri("/shop/Gowns/"), "/shop/_/index.html");
    assert.equal(await uri("/news/n1/launch/"), "/news/_/_/index.html");
    assert.equal(await uri("/"), "/index.html");
    // The sidebar's menus are pre-rendered: served as they are.
    if (options.pages) assert.equal(await uri("/shop/men/"), "/shop/men/index.html");
    if (options.pages) assert.equal(await uri("/no-such-page/"), options.notFound);
    assert.ok(code.length <= FUNCTION_CODE_LIMIT, "CloudFront Functions are limited to 10 KB");
  });

  it("serves a pre-rendered page as it is, and any other id from the placeholder", async () => {
    const pages = ["/", "/shop/", "/shop/_/", "/shop/product/_/_/", "/shop/product/p1/silk-gown/"];
    const checked = loadSite(siteRequestFunctionCode(siteRules(), { pages, notFound: "/404.html" }));
    const uri = async (path: string) => (await checked(request(path))).uri;
    assert.equal(await uri("/shop/product/p1/silk-gown/"), "/shop/product/p1/silk-gown/index.html");
    assert.equal(await uri("/shop/product/p1/silk-gown/index.txt"), "/shop/product/p1/silk-gown/index.txt");
    assert.equal(await uri("/shop/product/p2/linen-coat/"), "/shop/product/_/_/index.html");
    assert.equal(await uri("/shop/product/p1/old-slug/index.txt"), "/shop/product/_/_/index.txt");
  });

  it("serves a detail page the publication wrote at its own address, whatever the number of them", async () => {
    const published = Array.from({ length: 5000 }, (_, i) => `/shop/product/p${i}/piece-${i}/`);
    const pages = ["/", "/shop/", "/shop/_/", "/shop/product/_/_/"];
    const checked = loadSite(siteRequestFunction(siteRules(), { pages, notFound: "/404.html" }), published);
    const uri = async (path: string) => (await checked(request(path))).uri;
    assert.equal(await uri("/shop/product/p4999/piece-4999/"), "/shop/product/p4999/piece-4999/index.html");
    assert.equal(await uri("/shop/product/p7/piece-7/index.html"), "/shop/product/p7/piece-7/index.html");
    assert.equal(await uri("/shop/product/p7/piece-7/index.txt"), "/shop/product/_/_/index.txt", "its page data is the placeholder's");
    assert.equal(await uri("/shop/product/p7/old-slug/"), "/shop/product/_/_/index.html", "another address of it: the placeholder");
    assert.equal(await uri("/shop/product/new/piece/"), "/shop/product/_/_/index.html", "an id not yet published: the placeholder");
    assert.equal(await uri("/shop/"), "/shop/index.html");
    assert.equal(await uri("/no-such-page/"), "/404.html");
  });

  it("asks the store only where a rule would rewrite, and takes the placeholder when the store cannot answer", async () => {
    const pages = ["/", "/about/", "/shop/product/_/_/"];
    let asked = 0;
    const counting = new Function(
      "cf",
      `${siteRequestFunction(siteRules(), { pages, notFound: "/404.html" }).slice(PUBLISHED_STORE_IMPORT.length)}\nreturn handler;`,
    )({
      kvs: () => ({ exists: async () => (asked++, true) }),
    }) as SiteHandler;
    for (const path of ["/", "/about/", "/_next/static/chunks/a.js", "/api/products", "/favicon.ico"]) await counting(request(path));
    assert.equal(asked, 0, "the site's own pages and files never read the store");
    const failing = loadSite(siteRequestFunction(siteRules(), { pages, notFound: "/404.html" }), [], true);
    assert.equal((await failing(request("/shop/product/p1/silk-gown/"))).uri, "/shop/product/_/_/index.html");
  });

  it("refuses at synth time an export whose pages pass the 10 KB limit", () => {
    const details = Array.from({ length: 500 }, (_, i) => `/shop/product/p${i}/piece-${i}/`);
    assert.throws(() => siteRequestFunction(siteRules(), { pages: ["/", ...details], notFound: "/404.html" }), /past CloudFront's 10240/);
  });

  it("rejects a malformed rule at synth time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rewrites-"));
    const file = join(dir, "rewrites.json");
    writeFileSync(file, JSON.stringify({ rewrites: [{ from: "shop/:menu", to: "/shop/_" }] }));
    assert.throws(() => loadRewrites(file), /absolute 'from' and 'to'/);
    assert.equal(loadRewrites(join(dir, "absent.json")), undefined);
  });
});

describe("site/rewrites.cases.json through the generated function", () => {
  // The same table the local server's rewrite is tested on (shared/server/tests/api/rewrites.rs).
  const file = join(repoRoot, "site", "rewrites.cases.json");
  assert.ok(existsSync(file), `${file} is missing: it holds the rewrite sample cases both implementations are tested on`);
  const sample = JSON.parse(readFileSync(file, "utf8")) as { pages: string[]; cases: Record<string, string> };
  const cases = Object.entries(sample.cases);
  // The sample export's pre-rendered pages; no not-found page, so only the rewrites are checked.
  const real = loadSite(siteRequestFunctionCode(siteRules(), { pages: sample.pages }));

  it("has cases", async () => {
    assert.ok(cases.length > 0, `${file} has no cases`);
  });

  for (const [from, to] of cases) {
    it(`serves ${from} from ${to}`, async () => {
      // The function also names a directory's index.html, which the bucket needs.
      assert.equal((await real(request(from))).uri, to.endsWith("/") ? `${to}index.html` : to);
    });
  }
});

describe("blobs viewer-request function", () => {
  const blobs = load(blobsRequestFunctionCode());
  it("maps /blobs/images/... to the bucket key images/...", () => {
    assert.equal(blobs(request("/blobs/images/p1/front.webp")).uri, "/images/p1/front.webp");
  });
  it("never serves invoices or anything outside images/", () => {
    for (const uri of ["/blobs/invoices/o1.pdf", "/blobs/", "/blobs/images/", "/blobs/images/../invoices/o1.pdf", "/blobs/other/x"]) {
      assert.equal(blobs(request(uri)).statusCode, 404, uri);
    }
  });
});
