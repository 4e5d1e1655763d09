import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { ApiError, api, unwrapItem, unwrapList } from "./client";

afterEach(() => vi.unstubAllGlobals());

describe("list shapes", () => {
  it("accepts a bare array, {data} and {data: {data}}", () => {
    expect(unwrapList([1, 2])).toEqual([1, 2]);
    expect(unwrapList({ data: [1] })).toEqual([1]);
    expect(unwrapList({ data: { data: [3] } })).toEqual([3]);
  });
  it("answers an empty list for anything else", () => {
    expect(unwrapList(null)).toEqual([]);
    expect(unwrapList({ message: "x" })).toEqual([]);
    expect(unwrapList("text")).toEqual([]);
  });
  it("unwraps a single entity bare or in data", () => {
    expect(unwrapItem({ id: "a" })).toEqual({ id: "a" });
    expect(unwrapItem({ data: { id: "b" } })).toEqual({ id: "b" });
    expect(unwrapItem([{ id: "c" }])).toBeNull();
  });
});

describe("request", () => {
  it("sends credentials and JSON to /api", async () => {
    const { calls } = fakeFetch({ "POST /api/cart/add": () => ({ body: { ok: true } }) });
    await expect(api.post("/cart/add", { productId: "p1" })).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/cart/add", body: { productId: "p1" }, credentials: "include" });
  });

  it("turns an error body into an ApiError with field errors", async () => {
    fakeFetch({ "POST /api/appointments": () => ({ status: 400, body: { message: "Invalid", code: "validation", errors: { email: "Please enter your email." } } }) });
    const error = await api.post("/appointments", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Invalid", code: "validation", errors: { email: "Please enter your email." } });
  });

  it("refreshes once on a 401 and retries", async () => {
    let session = false;
    const { calls } = fakeFetch({
      "GET /api/cart": () => (session ? { body: { data: [] } } : { status: 401, body: { message: "expired" } }),
      "POST /api/auth/refresh": () => {
        session = true;
        return { body: {} };
      },
    });
    await expect(api.get("/cart")).resolves.toEqual({ data: [] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/cart", "POST /api/auth/refresh", "GET /api/cart"]);
  });

  it("shares one refresh between concurrent 401s and rejects all when it fails", async () => {
    const { calls } = fakeFetch({
      "GET /api/cart": () => ({ status: 401, body: { message: "expired" } }),
      "GET /api/wishlist": () => ({ status: 401, body: { message: "expired" } }),
      "POST /api/auth/refresh": () => ({ status: 401, body: { message: "no session" } }),
    });
    const results = await Promise.allSettled([api.get("/cart"), api.get("/wishlist")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("never refreshes for the refresh or login calls themselves", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/login": () => ({ status: 401, body: { message: "Wrong email or password" } }) });
    await expect(api.post("/auth/login", {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});
