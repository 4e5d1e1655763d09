// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { atelier } from "@/lib/atelier/client";
import { MESSAGES } from "@/lib/messages";
import { fakeFetch } from "@/test/fake-fetch";
import { nav } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { AtelierShell } from "./atelier-shell";
import { COUNTS, OWNER, STAFF } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

afterEach(() => {
  vi.unstubAllGlobals();
  nav.pathname = "/";
});

const page = <AtelierShell>{<p>The page</p>}</AtelierShell>;

describe("the atelier's frame", () => {
  it("is in the page's HTML (its first paint): the navigation with the links every member has, and the page loading", () => {
    nav.pathname = "/atelier/orders/";
    fakeFetch({});
    const html = new DOMParser().parseFromString(renderToString(page), "text/html");
    const menu = html.querySelector('nav[aria-label="Atelier"]');
    expect([...(menu?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("aria-current")])).toEqual([
      ["Orders", "page"],
      ["Payments", null],
      ["Requests", null],
    ]);
    expect(html.querySelector("main#main [aria-busy=true]")?.textContent).toBe("Loading…");
    expect(html.body.textContent).not.toContain("The page");
    expect(html.body.textContent).not.toContain("Sign out");
  });

  it("shows the sign-in page, not the page, to a browser without a console session", async () => {
    nav.pathname = "/atelier/orders/";
    fakeFetch({ "GET /api/atelier/me": () => ({ status: 401, body: { message: MESSAGES.atelier.SIGN_IN_REQUIRED } }) });
    renderWithSwr(page);
    expect(await screen.findByRole("button", { name: "Sign in with a passkey" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("The atelier");
    expect(screen.queryByText("The page")).toBeNull();
  });

  it("shows a member the navigation with the orders' counts, their name and Sign out; Staff and Audit to an owner only", async () => {
    nav.pathname = "/atelier/orders/";
    fakeFetch({ "GET /api/atelier/me": () => ({ body: OWNER }), "GET /api/atelier/orders": () => ({ body: { counts: COUNTS, orders: [] } }) });
    renderWithSwr(page);
    const menu = await screen.findByRole("navigation", { name: "Atelier" });
    expect(screen.getByText("The page")).toBeTruthy();
    expect(within(menu).getByRole("link", { name: "Orders" }).getAttribute("aria-current")).toBe("page");
    expect(await within(menu).findByText("3 to confirm · 2 confirmed")).toBeTruthy();
    expect(within(menu).getByRole("link", { name: "Staff" })).toBeTruthy();
    expect(within(menu).getByRole("link", { name: "Audit" })).toBeTruthy();
    expect(within(menu).getByText("Inès")).toBeTruthy();
    expect(within(menu).getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("gives a staff member no Staff or Audit link", async () => {
    fakeFetch({ "GET /api/atelier/me": () => ({ body: STAFF }), "GET /api/atelier/orders": () => ({ body: { counts: COUNTS, orders: [] } }) });
    renderWithSwr(page);
    const menu = await screen.findByRole("navigation", { name: "Atelier" });
    expect(within(menu).queryByRole("link", { name: "Staff" })).toBeNull();
    expect(within(menu).queryByRole("link", { name: "Audit" })).toBeNull();
  });

  it("shows the sign-in page as soon as any console call answers 401 (the session ended)", async () => {
    let signedIn = true;
    fakeFetch({
      "GET /api/atelier/me": () => (signedIn ? { body: STAFF } : { status: 401, body: { message: MESSAGES.atelier.SIGN_IN_REQUIRED } }),
      "GET /api/atelier/orders": () => ({ body: { counts: COUNTS, orders: [] } }),
      "POST /api/atelier/orders/o1/confirm": () => ({ status: 401, body: { message: MESSAGES.atelier.SIGN_IN_REQUIRED } }),
    });
    renderWithSwr(page);
    await screen.findByText("The page");
    signedIn = false;
    await act(() => atelier.post("/orders/o1/confirm").catch(() => undefined));
    expect(await screen.findByRole("button", { name: "Sign in with a passkey" })).toBeTruthy();
    expect(screen.queryByText("The page")).toBeNull();
  });

  it("shows the enrolment page without a session", async () => {
    nav.pathname = "/atelier/enrol/";
    const { calls } = fakeFetch({ "GET /api/atelier/me": () => ({ status: 401, body: { message: MESSAGES.atelier.SIGN_IN_REQUIRED } }) });
    renderWithSwr(page);
    expect(await screen.findByText("The page")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
