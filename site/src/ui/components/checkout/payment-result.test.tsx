// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { PAYMENT_PENDING_TEXT, PaymentResult } from "./payment-result";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

function at(search: string) {
  window.history.replaceState(null, "", `/checkout/notify/${search}`);
  fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }) });
  renderWithSwr(<PaymentResult />);
}

describe("PaymentResult", () => {
  it("says a PayPal capture still completing is a placed order with its payment pending", async () => {
    at("?status=success&payment=pending");
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(screen.getByTestId("payment-pending").textContent).toBe(PAYMENT_PENDING_TEXT);
  });

  it("says nothing of a pending payment otherwise", async () => {
    at("?status=success");
    await screen.findByRole("heading", { name: "Payment Successful!" });
    expect(screen.queryByTestId("payment-pending")).toBeNull();
  });
});
