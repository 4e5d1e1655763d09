// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { Orders } from "./orders";
import { COUNTS } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

afterEach(() => vi.unstubAllGlobals());

const summary = {
  id: "o1",
  number: "#SQBB-KJT7",
  status: "awaiting_confirmation",
  placedAt: "2026-12-01T10:00:00Z",
  client: { email: "ada@client.example", name: "Ada Client" },
  pieces: 3,
  total: 2760,
  refunded: 0,
};

describe("the orders' queue", () => {
  it("shows tabs by state with the server's counts, and asks the server for a state, a search and dates", async () => {
    const { calls } = fakeFetch({ "GET /api/atelier/orders": () => ({ body: { counts: COUNTS, orders: [summary] } }) });
    renderWithSwr(<Orders />);
    const link = await screen.findByRole("link", { name: "#SQBB-KJT7" });
    expect(link.getAttribute("href")).toBe("/atelier/order/?id=o1");
    const tabs = screen.getByRole("group", { name: "Order state" });
    expect(within(tabs).getByRole("button", { name: "Awaiting confirmation (3)" })).toBeTruthy();
    expect(within(tabs).getByRole("button", { name: "All (11)" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(within(tabs).getByRole("button", { name: "Confirmed (2)" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/atelier/orders?status=confirmed"));
    await userEvent.type(screen.getByLabelText("Order number, email or name"), "#SQBB");
    await userEvent.type(screen.getByLabelText("Placed from"), "2026-12-01");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/atelier/orders?status=confirmed&q=%23SQBB&from=2026-12-01"));
  });
});
