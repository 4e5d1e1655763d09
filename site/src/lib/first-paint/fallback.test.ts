import { describe, expect, it } from "vitest";
import { detailOf, detailRefs, fallbackOf, type Snapshot } from "./fallback";

const snapshot: Snapshot = {
  "/menus": { data: [{ id: "m1", name: "Women" }] },
  "/categories": [{ id: "c1", name: "Outerwear" }],
  "/products": { data: [{ id: "p1" }, { id: "p2" }] },
  "/runways/featured": { id: "r1", name: "Saigon Nocturne" },
  "/news": { data: { data: [{ id: "n1" }] } },
};

describe("fallbackOf", () => {
  it("gives each list key the array its fetcher returns, whatever the body's wrapping", () => {
    const fallback = fallbackOf(snapshot, ["/menus", "/categories", "/products", "/news"]);
    expect(fallback).toEqual({
      "/menus": [{ id: "m1", name: "Women" }],
      "/categories": [{ id: "c1", name: "Outerwear" }],
      "/products": [{ id: "p1" }, { id: "p2" }],
      "/news": [{ id: "n1" }],
    });
  });

  it("gives the featured runway one entity, as the contract answers it (bare, or in data)", () => {
    expect(fallbackOf(snapshot, ["/runways/featured"])).toEqual({ "/runways/featured": { id: "r1", name: "Saigon Nocturne" } });
    expect(fallbackOf({ "/runways/featured": { data: { id: "r2" } } }, ["/runways/featured"])).toEqual({ "/runways/featured": { id: "r2" } });
    expect(fallbackOf({ "/runways/featured": { data: [] } }, ["/runways/featured"])).toEqual({ "/runways/featured": null });
  });

  it("leaves the products' descriptions out: no list shows them", () => {
    const products = { data: [{ id: "p1", name: "Lotus Gown", description: "<p>long</p>", price: 10 }] };
    expect(fallbackOf({ "/products": products, "/news": { data: [{ id: "n1", description: "kept" }] } }, ["/products", "/news"])).toEqual({
      "/products": [{ id: "p1", name: "Lotus Gown", price: 10 }],
      "/news": [{ id: "n1", description: "kept" }],
    });
  });

  it("carries only the keys asked for, and leaves out keys the snapshot lacks so SWR fetches them", () => {
    expect(Object.keys(fallbackOf(snapshot, ["/products", "/banners"]))).toEqual(["/products"]);
  });
});

describe("detailRefs", () => {
  const withDetails: Snapshot = {
    "/products": { data: [{ id: "p1", slug: "lotus-gown" }, { id: "p2", slug: "" }, { id: "p3", slug: "not-detailed" }] },
    "/products/p1": { id: "p1", slug: "lotus-gown", description: "<p>long</p>" },
    "/products/p2": { data: { id: "p2" } },
  };

  it("names the listed entities whose detail the snapshot holds, in the list's order", () => {
    expect(detailRefs(withDetails, "/products")).toEqual([
      { id: "p1", slug: "lotus-gown" },
      { id: "p2", slug: "" },
    ]);
    expect(detailRefs(withDetails, "/runways")).toEqual([]);
  });

  it("gives a detail as its fetcher returns it, unwrapped, and nothing for an unknown one", () => {
    expect(detailOf(withDetails, "/products/p1")).toEqual({ id: "p1", slug: "lotus-gown", description: "<p>long</p>" });
    expect(detailOf(withDetails, "/products/p2")).toEqual({ id: "p2" });
    expect(detailOf(withDetails, "/products/p3")).toBeUndefined();
  });
});
