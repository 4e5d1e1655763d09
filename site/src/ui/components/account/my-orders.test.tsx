// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "@/lib/api/types";
import { order as orderOf, orderItem } from "@/test/answers";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { MyOrders } from "./my-orders";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => vi.unstubAllGlobals());

const item = orderItem({ quantity: 2 });
const order = (id: string, status: Order["status"], money: Pick<Order, "subtotal" | "shippingfee" | "total" | "tax">) =>
  orderOf({ id, number: `#${id.slice(-8, -4)}-${id.slice(-4)}`, status, items: [item], ...money });

describe("MyOrders", () => {
  it("shows each order's total as the server sent it, adding nothing up, with its tax when there is one", async () => {
    fakeFetch({
      "GET /api/orders/me": () => ({
        body: {
          data: {
            data: [
              // Totals no sum of the parts gives: only the server's figure can be on the page.
              order("ORDER0000000001", "awaiting_confirmation", { subtotal: 1600, shippingfee: 56.9, tax: 132.01, total: 1777.77 }),
              order("ORDER0000000002", "confirmed", { subtotal: 2400, shippingfee: 0, total: 2399.5 }),
            ],
          },
        },
      }),
    });
    renderWithSwr(<MyOrders />);
    const totals = await screen.findAllByTestId("order-total");
    expect(totals.map((t) => t.textContent)).toEqual(["Total $1,777.77", "Total $2,399.50"]);
    const [taxed, untaxed] = screen.getAllByTestId("order-card");
    expect(taxed!.textContent).toContain("Tax $132.01");
    expect(taxed!.textContent).not.toContain("$1,788.91");
    expect(untaxed!.textContent).not.toContain("Tax");
    expect(untaxed!.textContent).not.toContain("Total $2,400.00");
  });

  it("shows each order's number as the server sent it, and free shipping as Free", async () => {
    const free = { ...order("01M8SN4FPRF380D4E7SQBBKJT7", "confirmed", { subtotal: 2400, shippingfee: 0, total: 2400 }), number: "#FROM-API1" };
    fakeFetch({ "GET /api/orders/me": () => ({ body: { data: { data: [free] } } }) });
    renderWithSwr(<MyOrders />);
    expect((await screen.findByTestId("order-number")).textContent).toBe("#FROM-API1");
    const card = screen.getByTestId("order-card");
    expect(card.textContent).toContain("Shipping Free");
    expect(card.textContent).not.toContain("$0.00");
  });

  it("shows an order whose payment PayPal is still completing as the spec's rule spells pending", async () => {
    fakeFetch({
      "GET /api/orders/me": () => ({ body: { data: { data: [order("ORDER0000000003", "pending", { subtotal: 800, shippingfee: 56.9, total: 856.9 })] } } }),
    });
    renderWithSwr(<MyOrders />);
    const status = await screen.findByText("PENDING");
    expect(status.className).toContain("status--yellow");
    expect(screen.getByRole("tab", { name: "All (1)" })).toBeTruthy();
  });
});

describe("MyOrders' shipment", () => {
  it("shows the carrier and the tracking link of a shipped order, and nothing for one not shipped", async () => {
    const shipped = {
      ...order("ORDER0000000004", "confirmed", { subtotal: 800, shippingfee: 0, total: 800 }),
      shipment: { carrier: "Colissimo", trackingNumber: "6A123", trackingUrl: "https://track.example/6A123", shippedAt: "2026-12-01T10:00:00Z" },
    };
    const waiting = order("ORDER0000000005", "confirmed", { subtotal: 800, shippingfee: 0, total: 800 });
    fakeFetch({ "GET /api/orders/me": () => ({ body: { data: { data: [shipped, waiting] } } }) });
    renderWithSwr(<MyOrders />);
    const line = await screen.findByTestId("order-shipment");
    expect(line.textContent).toContain("Colissimo");
    const link = screen.getByRole("link", { name: "Track the parcel (6A123)" });
    expect(link.getAttribute("href")).toBe("https://track.example/6A123");
    expect(screen.getAllByTestId("order-shipment")).toHaveLength(1);
  });
});
