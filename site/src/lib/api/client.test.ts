import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { expiredAccessToken, fakeFetch } from "@/test/fake-fetch";
import { ApiError, getKey, itemOf, listOf, ok, setRefreshListener, shop, type AnswerOf, type ItemOf } from "./client";
import type { Menu, News, Order, ProductCard, Runway } from "./types";
import { refusal } from "@/test/answers";

afterEach(() => vi.unstubAllGlobals());

describe("list shapes", () => {
  it("accepts a bare array, {data} and {data: {data}}", () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [1] })).toEqual([1]);
    expect(listOf({ data: { data: [3] } })).toEqual([3]);
  });
  it("answers an empty list for anything else", () => {
    expect(listOf(null)).toEqual([]);
    // Not what the contract answers, but what a failing proxy might.
    expect(listOf({ message: "x" } as never)).toEqual([]);
    expect(listOf("text" as never)).toEqual([]);
  });
  it("unwraps a single entity bare or in data", () => {
    expect(itemOf({ id: "a" })).toEqual({ id: "a" });
    expect(itemOf({ data: { id: "b" } })).toEqual({ id: "b" });
    expect(itemOf([{ id: "c" }])).toBeNull();
  });
});

describe("the typed client", () => {
  it("takes paths, path parameters and bodies from the contract: a wrong one does not compile", () => {
    const neverSent = () => {
      // @ts-expect-error the quantity change takes `quantity`, not `qty`
      void shop.PATCH("/api/cart/{id}", { params: { path: { id: "l1" } }, body: { qty: 2 } });
      // @ts-expect-error no such route
      void shop.GET("/api/carts");
    };
    expect(neverSent).toBeTypeOf("function");
  });

  it("types what a key answers from the contract, with no type argument", () => {
    expectTypeOf<ItemOf<"/menus">>().toEqualTypeOf<Menu>();
    expectTypeOf<ItemOf<"/orders/me">>().toEqualTypeOf<Order>();
    // `/products/search` is a route of its own, not a product's `/products/{id}`.
    expectTypeOf<ItemOf<`/products/search?q=${string}`>>().toEqualTypeOf<ProductCard>();
    expectTypeOf<AnswerOf<`/news/${string}`>>().toEqualTypeOf<News>();
    expectTypeOf<AnswerOf<"/runways/featured">>().toEqualTypeOf<Runway>();
    expectTypeOf(listOf({ data: { data: [{ id: "o1" }] } })).toEqualTypeOf<{ id: string }[]>();
  });

  it("encodes path parameters and refreshes once on a 401 before trying again", async () => {
    let session = false;
    const { calls } = fakeFetch({
      "DELETE /api/cart/remove/a%2Fb": () => (session ? { body: { message: "Removed.", id: "a/b" } } : { status: 401 }),
      "POST /api/auth/refresh": () => {
        session = true;
        return { body: {} };
      },
    });
    await expect(ok(shop.DELETE("/api/cart/remove/{id}", { params: { path: { id: "a/b" } } }))).resolves.toEqual({ message: "Removed.", id: "a/b" });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["DELETE /api/cart/remove/a%2Fb", "POST /api/auth/refresh", "DELETE /api/cart/remove/a%2Fb"]);
  });
});

describe("request", () => {
  it("sends credentials and JSON to /api", async () => {
    const { calls } = fakeFetch({ "POST /api/cart/add": () => ({ body: { ok: true } }) });
    await expect(ok(shop.POST("/api/cart/add", { body: { productId: "p1", color: "ivory", quantity: 1 } }))).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/cart/add", body: { productId: "p1", color: "ivory", quantity: 1 }, credentials: "include" });
  });

  it("turns an error body into an ApiError with field errors", async () => {
    fakeFetch({ "POST /api/appointments": () => ({ status: 400, body: refusal("validation", "Invalid", { errors: { email: "Please enter your email." } }) }) });
    const request = { firstName: "Lan", lastName: "Tran", email: "lan", phoneCode: "+84", phone: "0901234567", contactTime: "any", message: "" };
    const error = await ok(shop.POST("/api/appointments", { body: request })).catch((e: unknown) => e);
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
    await expect(getKey("/cart")).resolves.toEqual({ data: [] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/cart", "POST /api/auth/refresh", "GET /api/cart"]);
  });

  it("shares one refresh between concurrent 401s and rejects all when it fails", async () => {
    const { calls } = fakeFetch({
      "GET /api/cart": () => ({ status: 401, body: { message: "expired" } }),
      "GET /api/wishlist": () => ({ status: 401, body: { message: "expired" } }),
      "POST /api/auth/refresh": () => ({ status: 401, body: { message: "no session" } }),
    });
    const results = await Promise.allSettled([getKey("/cart"), getKey("/wishlist")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("reads the refresh answer to its end, so the browser closes the request", async () => {
    const { fn, calls } = fakeFetch({
      "GET /api/cart": () => ({ status: 401, body: { message: "expired" } }),
      "POST /api/auth/refresh": () => ({ status: 401, body: { message: "no session" } }),
    });
    await expect(getKey("/cart")).rejects.toBeInstanceOf(ApiError);
    const index = calls.findIndex((c) => c.url === "/api/auth/refresh");
    const answer = (await fn.mock.results[index]?.value) as Response;
    expect(answer.bodyUsed).toBe(true);
  });

  it("never refreshes for the refresh or login calls themselves", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/login": () => ({ status: 401, body: { message: "Wrong email or password" } }) });
    await expect(ok(shop.POST("/api/auth/login", { body: { email: "a@b.c", password: "x", isRememberMe: false } }))).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it("lets concurrent 401s wait for one refresh, then each retries once", async () => {
    let session = false;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = fakeFetch({
      "GET /api/cart": () => (session ? { body: ["c"] } : { status: 401 }),
      "GET /api/wishlist": () => (session ? { body: ["w"] } : { status: 401 }),
      "GET /api/addresses": () => (session ? { body: ["a"] } : { status: 401 }),
      "POST /api/auth/refresh": async () => {
        await gate;
        session = true;
        return { body: {} };
      },
    });
    const refreshed = vi.fn();
    setRefreshListener(refreshed);
    const pending = Promise.all([getKey("/cart"), getKey("/wishlist"), getKey("/addresses")]);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
    release();
    await expect(pending).resolves.toEqual([["c"], ["w"], ["a"]]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
    expect(calls.filter((c) => c.url === "/api/cart")).toHaveLength(2);
    expect(refreshed).toHaveBeenCalledTimes(1);
    setRefreshListener(null);
  });

  it("retries at most once: a second 401 after a good refresh is the caller's error", async () => {
    const { calls } = fakeFetch({
      "GET /api/orders/me": () => ({ status: 401, body: { message: "Your session has expired." } }),
      "POST /api/auth/refresh": () => ({ body: {} }),
    });
    await expect(getKey("/orders/me")).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/orders/me", "POST /api/auth/refresh", "GET /api/orders/me"]);
  });

  it("refreshes once on the 401 of /auth/me and retries: an expired access token is no logout", async () => {
    const { calls } = expiredAccessToken();
    await expect(getKey("/auth/me", true)).resolves.toEqual({ id: "u1", email: "a@b.c" });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/auth/me", "POST /api/auth/refresh", "GET /api/auth/me"]);
  });

  it("a 401 that comes back after a refresh ended (it left before) retries without a second refresh", async () => {
    let session = false;
    let releaseLate: () => void = () => {};
    const late = new Promise<void>((r) => (releaseLate = r));
    const { calls } = fakeFetch({
      "GET /api/auth/me": () => (session ? { body: { id: "u1" } } : { status: 401 }),
      // Sent with the old cookies, answered only after the refresh has ended.
      "GET /api/wishlist": async () => {
        const stale = !session;
        await late;
        return stale ? { status: 401 } : { body: ["w"] };
      },
      "POST /api/auth/refresh": () => {
        session = true;
        return { body: {} };
      },
    });
    const wishlist = getKey("/wishlist");
    await expect(getKey("/auth/me")).resolves.toEqual({ id: "u1" });
    releaseLate();
    await expect(wishlist).resolves.toEqual(["w"]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
    expect(calls.filter((c) => c.url === "/api/wishlist")).toHaveLength(2);
  });

  it("a 401 that comes back after a refused refresh fails without asking again", async () => {
    let releaseLate: () => void = () => {};
    const late = new Promise<void>((r) => (releaseLate = r));
    const { calls } = fakeFetch({
      "GET /api/auth/me": () => ({ status: 401 }),
      "GET /api/wishlist": async () => {
        await late;
        return { status: 401 };
      },
      "POST /api/auth/refresh": () => ({ status: 401 }),
    });
    const wishlist = getKey("/wishlist").catch((e: unknown) => e);
    await expect(getKey("/auth/me")).rejects.toMatchObject({ status: 401 });
    releaseLate();
    expect(await wishlist).toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("a later 401 starts a new refresh once the previous one has ended", async () => {
    const { calls } = fakeFetch({
      "GET /api/cart": () => ({ status: 401 }),
      "POST /api/auth/refresh": () => ({ status: 401 }),
    });
    await getKey("/cart").catch(() => null);
    await getKey("/cart").catch(() => null);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(2);
  });
});
