// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchItem } from "@/lib/hooks/fetchers";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { fakeFetch } from "@/test/fake-fetch";
import { EARLY_GLOBAL, earlyFetchSource, takeEarly } from "./early-fetch";

/** Runs the inline script exactly as the page does: its serialised source, at an address. */
function runInlineScript(path: string) {
  window.history.replaceState(null, "", path);
  new Function(earlyFetchSource("/api"))();
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => [l.getAttribute("href"), l.getAttribute("fetchpriority")]);

const product = { id: "p1", name: "Lotus Gown", productGallery: ["/blobs/p1-1.svg", "/blobs/p1-2.svg"] };

beforeEach(() => {
  document.head.innerHTML = "";
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
});
afterEach(() => vi.unstubAllGlobals());

describe("the early fetch of a placeholder page", () => {
  it("asks for the product of the address before the bundles, and preloads its first image", async () => {
    const { calls } = fakeFetch({ "GET /api/products/p1": () => ({ body: product }) });
    runInlineScript("/shop/product/p1/lotus-gown/");
    expect(calls.map((c) => [c.url, c.credentials])).toEqual([["/api/products/p1", "include"]]);
    await vi.waitFor(() => expect(preloads()).toEqual([["/blobs/p1-1.svg", "high"]]));
  });

  it("uses each page's own route and image field, wrapped or not", async () => {
    fakeFetch({
      "GET /api/collections/silk-road": () => ({ body: { data: { id: "c1", banner: ["/blobs/c1-1.svg"] } } }),
      "GET /api/runways/r1": () => ({ body: { id: "r1", banners: ["/blobs/r1-1.svg"] } }),
    });
    runInlineScript("/collection/silk-road/");
    await vi.waitFor(() => expect(preloads()).toEqual([["/blobs/c1-1.svg", "high"]]));
    runInlineScript("/runway/r1/spring/");
    await vi.waitFor(() =>
      expect(preloads()).toEqual([
        ["/blobs/c1-1.svg", "high"],
        ["/blobs/r1-1.svg", "high"],
      ]),
    );
  });

  it("preloads a made picture with the srcset and sizes its page shows it with", async () => {
    const picture = "/blobs/images/catalog/ab12cd/1600.webp";
    fakeFetch({
      "GET /api/products/p2": () => ({ body: { ...product, id: "p2", productGallery: [picture] } }),
      "GET /api/runways/r2": () => ({ body: { id: "r2", banners: [picture] } }),
    });
    runInlineScript("/shop/product/p2/lotus-gown/");
    const link = () => document.head.querySelector('link[rel="preload"][as="image"]');
    await vi.waitFor(() => expect(link()?.getAttribute("href")).toBe(picture));
    expect(link()?.getAttribute("imagesrcset")).toBe(pictureSrcSet(picture));
    expect(link()?.getAttribute("imagesizes")).toBe(PICTURE_SIZES.productGallery);
    // The runway's pictures are shown without a srcset: their preload has none either.
    document.head.innerHTML = "";
    runInlineScript("/runway/r2/spring/");
    await vi.waitFor(() => expect(link()?.getAttribute("href")).toBe(picture));
    expect(link()?.hasAttribute("imagesrcset")).toBe(false);
  });

  it("does nothing on other pages, on the list pages and on the placeholder itself", () => {
    const { calls } = fakeFetch({});
    for (const path of ["/", "/shop/", "/runway/", "/shop/product/_/_/", "/news/n1/atelier/"]) runInlineScript(path);
    expect(calls).toEqual([]);
    expect(window[EARLY_GLOBAL as keyof Window]).toBeUndefined();
  });

  it("preloads nothing when the answer is an error", async () => {
    fakeFetch({ "GET /api/products/gone": () => ({ status: 404, body: { message: "not found" } }) });
    runInlineScript("/shop/product/gone/x/");
    expect(await takeEarly("/products/gone")).toEqual({ ok: false, body: { message: "not found" } });
    await new Promise((r) => setTimeout(r, 10));
    expect(preloads()).toEqual([]);
  });
});

describe("the fetchers take the early answer", () => {
  it("once: the page's first read reuses it, a revalidation asks the API again", async () => {
    const { calls } = fakeFetch({ "GET /api/products/p1": () => ({ body: product }) });
    runInlineScript("/shop/product/p1/lotus-gown/");
    expect(await fetchItem("/products/p1")).toEqual(product);
    expect(calls).toHaveLength(1);
    expect(await fetchItem("/products/p1")).toEqual(product);
    expect(calls).toHaveLength(2);
  });

  it("ask again themselves when the early answer failed, so errors are handled as usual", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { calls } = fakeFetch({ "GET /api/collections/silk-road": () => ({ status: 404, body: { message: "not found" } }) });
    runInlineScript("/collection/silk-road/");
    expect(await fetchItem("/collections/silk-road")).toBeNull();
    expect(calls).toHaveLength(2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
