// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { nav } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { Order } from "./order";
import { ACTION_MSG } from "./order-actions";
import { orderDetail } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => {
  vi.unstubAllGlobals();
  nav.search = new URLSearchParams();
});

const at = (id: string) => {
  nav.search = new URLSearchParams({ id });
};

describe("an order's page", () => {
  it("shows the lines with their pictures, the totals, the payment, the provider's ledger and the timeline", async () => {
    at("o1");
    fakeFetch({ "GET /api/atelier/orders/o1": () => ({ body: orderDetail() }) });
    renderWithSwr(<Order />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toContain("Order #SQBB-KJT7");
    const lines = screen.getByRole("table");
    expect(within(lines).getByRole("rowheader", { name: /Silk gown/ })).toBeTruthy();
    expect(lines.querySelector("img")?.getAttribute("src")).toBe("/images/gown.jpg");
    expect(within(lines).getByRole("row", { name: /^Total/ }).textContent).toContain("$2,760.00");
    expect(screen.getByTestId("ledger").textContent).toContain("succeeded");
    expect(screen.getByTestId("timeline").textContent).toContain("Placed");
  });

  it("offers only the actions the server lists, and shows the order it answers after one", async () => {
    at("o1");
    const { calls } = fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ body: orderDetail() }),
      "POST /api/atelier/orders/o1/confirm": () => ({
        body: orderDetail({
          status: "confirmed",
          actions: ["ship", "note"],
          timeline: [{ at: "2026-12-01T11:00:00Z", kind: "confirm", by: "marc@house.example", text: "Confirmed" }],
        }),
      }),
    });
    renderWithSwr(<Order />);
    await userEvent.click(await screen.findByRole("button", { name: "Confirm order" }));
    expect(await screen.findByText("· marc@house.example")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([expect.objectContaining({ url: "/api/atelier/orders/o1/confirm", body: {} })]);
    expect(screen.queryByRole("button", { name: "Confirm order" })).toBeNull();
    expect(screen.getByRole("form", { name: "Ship" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund part" })).toBeNull();
  });

  it("ships with carrier, tracking number and tracking link", async () => {
    at("o1");
    const { calls } = fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ body: orderDetail({ status: "confirmed", actions: ["ship"] }) }),
      "POST /api/atelier/orders/o1/ship": () => ({ body: orderDetail({ status: "confirmed", actions: [] }) }),
    });
    renderWithSwr(<Order />);
    const form = await screen.findByRole("form", { name: "Ship" });
    await userEvent.type(within(form).getByLabelText("Carrier"), "Colissimo");
    await userEvent.type(within(form).getByLabelText("Tracking number"), "6A123");
    await userEvent.type(within(form).getByLabelText("Tracking link"), "https://track.example/6A123");
    await userEvent.click(within(form).getByRole("button", { name: "Ship" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ carrier: "Colissimo", trackingNumber: "6A123", trackingUrl: "https://track.example/6A123" });
  });

  it("once shipped, folds the form away, filled with the shipment, to correct the tracking", async () => {
    at("o1");
    const shipment = { carrier: "Colissimo", trackingNumber: "6A123", trackingUrl: "https://track.example/6A123", shippedAt: "2026-12-01T12:00:00Z" };
    const { calls } = fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ body: orderDetail({ status: "confirmed", actions: ["ship"], shipment }) }),
      "POST /api/atelier/orders/o1/ship": () => ({ body: orderDetail({ status: "confirmed", actions: ["ship"], shipment }) }),
    });
    renderWithSwr(<Order />);
    const fold = (await screen.findByText("Correct the shipment")).closest("details");
    expect(fold?.open).toBe(false);
    expect(screen.queryByRole("form", { name: "Ship" })).toBeNull();
    await userEvent.click(screen.getByText("Correct the shipment"));
    const form = screen.getByRole("form", { name: "Correct the shipment" });
    const number = within(form).getByLabelText<HTMLInputElement>("Tracking number");
    expect(number.value).toBe("6A123");
    await userEvent.clear(number);
    await userEvent.type(number, "6A124");
    await userEvent.click(within(form).getByRole("button", { name: "Send the corrected tracking" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ carrier: "Colissimo", trackingNumber: "6A124", trackingUrl: "https://track.example/6A123" });
  });

  it("asks in a dialog before refunding part (Escape closes it, focus goes back), then refunds the amount with the reason", async () => {
    at("o1");
    const { calls } = fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ body: orderDetail() }),
      "POST /api/atelier/orders/o1/refunds": () => ({ body: orderDetail({ totals: { subtotal: 2760, shippingfee: 0, tax: 0, total: 2760, refunded: 100 } }) }),
    });
    renderWithSwr(<Order />);
    const open = await screen.findByRole("button", { name: "Refund part" });
    await userEvent.click(open);
    expect(screen.getByRole("dialog", { name: "Refund part of #SQBB-KJT7?" })).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.click(open);
    const dialog = screen.getByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Amount/), "100");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "A button missing");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $100.00" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toEqual(
      expect.objectContaining({ url: "/api/atelier/orders/o1/refunds", body: { amount: "100", reason: "A button missing" } }),
    );
  });

  it("refunds pieces by line index and quantity", async () => {
    at("o1");
    const { calls } = fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ body: orderDetail() }),
      "POST /api/atelier/orders/o1/refunds": () => ({ body: orderDetail() }),
    });
    renderWithSwr(<Order />);
    await userEvent.click(await screen.findByRole("button", { name: "Refund part" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByLabelText("Pieces"));
    const shirts = within(dialog).getByLabelText(/Linen shirt/);
    await userEvent.clear(shirts);
    await userEvent.type(shirts, "1");
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Returned");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund 1 piece(s)" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ lines: [{ line: 1, quantity: 1 }], reason: "Returned" });
  });

  it("shows a refund whose answer was lost as unknown, neither done nor not done, and reads the order again", async () => {
    at("o1");
    let reads = 0;
    fakeFetch({
      "GET /api/atelier/orders/o1": () => {
        reads += 1;
        return { body: orderDetail() };
      },
      "POST /api/atelier/orders/o1/cancel": () => ({
        status: 502,
        body: { message: "The provider did not answer: the refund's outcome is unknown.", code: "PROVIDER_UNAVAILABLE" },
      }),
    });
    renderWithSwr(<Order />);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel and refund in full" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel #SQBB-KJT7 and refund $2,760.00?" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Client asked");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $2,760.00 and cancel" }));
    const unknown = await screen.findByTestId("refund-unknown");
    expect(unknown.textContent).toContain(ACTION_MSG.unknown);
    expect(unknown.textContent).toContain("outcome is unknown");
    await waitFor(() => expect(reads).toBe(2));
  });

  it("shows the server's refusal", async () => {
    at("o1");
    fakeFetch({
      "GET /api/atelier/orders/o1": () => ({ status: 404, body: { message: "No such order.", code: "NOT_FOUND" } }),
    });
    renderWithSwr(<Order />);
    expect((await screen.findByRole("alert")).textContent).toBe("No such order.");
  });
});
