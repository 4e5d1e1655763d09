// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Payments } from "@/lib/payments/sdk";
import type { CartLine, Quote } from "@/lib/api/types";
import { AT, confirming, paid, quoteChanged, refusal, savedAddress } from "@/test/answers";
import { fakeFetch, type Route } from "@/test/fake-fetch";
import { router } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { Checkout } from "./checkout";
import { CONFIRMING_TIMED_OUT, CONFIRMING_TITLE } from "./payment-confirming";
import { CONNECTION_MSG } from "./payment-step";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

const payments = {
  client: { getConfiguration: () => ({ gatewayConfiguration: {} }) },
  fields: { tokenize: vi.fn(async () => ({ nonce: "card-nonce", details: { bin: "411111" } })), teardown: vi.fn(async () => {}) },
  verify: vi.fn(async (payload: { nonce: string }) => payload.nonce),
  renderPayPal: vi.fn(async () => {}),
  teardown: vi.fn(async () => {}),
} as unknown as Payments;
vi.mock("@/lib/payments/sdk", () => ({ startPayments: vi.fn(async () => payments) }));

const line = (id: string, name: string, price: number, quantity: number, available = true): CartLine => ({
  id,
  product: { id: `p-${id}`, slug: name.toLowerCase().replace(/ /g, "-"), name, productGallery: [`/${id}.jpg`] },
  category: "Set",
  color: "Ivory",
  size: "M",
  quantity,
  price,
  available,
  createdAt: AT,
  updatedAt: AT,
});
const address = savedAddress({ title: "Atelier", firstName: "Mai", lastName: "Pham", street: "12 Vo Van Tan", city: "District 3" });
/** Figures no sum of the lines gives: only the server's quote can put them on the page. */
const QUOTE: Quote = { subtotal: 1750.5, shippingfee: 56.9, tax: 144.42, total: 1951.82 };
const NEW_QUOTE: Quote = { subtotal: 1800.5, shippingfee: 56.9, tax: 148.54, total: 2005.94 };
const CONFIRMING_MESSAGE = "Your bank has not answered yet; we are confirming your payment.";
const CONFIRMING = confirming("pay_1", CONFIRMING_MESSAGE);
const PLACED = paid();

interface Shop {
  lines: CartLine[];
  quote: Quote | null;
}

function shopWith(shop: Shop, routes: Record<string, Route>) {
  return fakeFetch({
    "GET /api/auth/me": () => ({ body: { id: "u1", email: "lan@example.com" } }),
    "GET /api/cart": () => ({ body: { data: shop.lines, count: shop.lines.reduce((n, l) => n + l.quantity, 0), quote: shop.quote } }),
    "GET /api/addresses": () => ({ body: { data: [address] } }),
    "GET /api/payment/client-token": () => ({ body: { clientToken: "client-token", taxRate: 8.25 } }),
    ...routes,
  });
}

const payButton = () => screen.getByRole("button", { name: /^PAY/ });

/** The checkout with the saved address chosen and the card form ready. */
async function atPayment() {
  const rendered = renderWithSwr(<Checkout />);
  await screen.findByRole("heading", { name: "CHECKOUT" });
  fireEvent.click(await screen.findByRole("radio", { name: /Atelier/ }));
  fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
  await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
  return rendered;
}

const checkoutBodies = (calls: { method: string; url: string; body?: unknown }[]) =>
  calls
    .filter((c) => c.method === "POST" && c.url === "/api/payment/checkout")
    .map((c) => c.body as { amount: number; shippingfee: number; taxRate: number; idempotencyKey: string });
const statusAsks = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith("/api/payment/status/")).length;

/** With fake timers: lets every promise and every timer due within `ms` run. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  router.replace.mockClear();
  // Each test is a new tab on the checkout's first step.
  sessionStorage.clear();
  window.history.replaceState(null, "", "/checkout/");
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Checkout: the server's quote", () => {
  it("shows the quote as it is in the summary and the Pay button, and sends its total and shipping", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2), line("l2", "Silk Scarf", 150.5, 1)], quote: QUOTE };
    const { calls } = shopWith(shop, { "POST /api/payment/checkout": () => ({ status: 201, body: PLACED }) });
    await atPayment();
    expect(screen.getByRole("heading", { name: "ORDER SUMMARY (3 items)" })).toBeTruthy();
    expect(screen.getByTestId("summary-subtotal").textContent).toBe("$1,750.50");
    expect(screen.getByTestId("summary-shipping").textContent).toBe("$56.90");
    expect(screen.getByTestId("summary-tax").textContent).toBe("$144.42");
    expect(screen.getByTestId("summary-total").textContent).toBe("$1,951.82");
    expect(payButton().textContent).toBe("PAY $1,951.82");
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success"));
    expect(checkoutBodies(calls)).toEqual([expect.objectContaining({ amount: 1951.82, shippingfee: 56.9, taxRate: 8.25, paymentMethodNonce: "card-nonce" })]);
  });

  it("409 quote_changed: shows the message and the new quote at once, charges nothing, and the next Pay sends the new total", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2), line("l2", "Silk Scarf", 150.5, 1)], quote: QUOTE };
    let answers = 0;
    // The bag asked again after the 409 is held back: the new quote on the page is the 409's own.
    let release = () => {};
    let held: Promise<void> | null = null;
    const { calls } = shopWith(shop, {
      "GET /api/cart": async () => {
        if (held) await held;
        return { body: { data: shop.lines, count: 3, quote: shop.quote } };
      },
      "POST /api/payment/checkout": () => {
        answers += 1;
        if (answers > 1) return { status: 201, body: PLACED };
        // The catalogue moved while the page was open: the gown costs 825 now.
        shop.lines = [line("l1", "Ivory Gown", 825, 2), line("l2", "Silk Scarf", 150.5, 1)];
        shop.quote = NEW_QUOTE;
        held = new Promise((r) => (release = r));
        return { status: 409, body: quoteChanged("Prices have changed since you opened the page. Please review your order.", NEW_QUOTE) };
      },
    });
    await atPayment();
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole("alert")).textContent).toBe("Prices have changed since you opened the page. Please review your order.");
    await waitFor(() => expect(screen.getByTestId("summary-total").textContent).toBe("$2,005.94"));
    expect(screen.getByTestId("summary-subtotal").textContent).toBe("$1,800.50");
    expect(payButton().textContent).toBe("PAY $2,005.94");
    expect(screen.getByText("Qty 2 × $800.00")).toBeTruthy();
    // Then the bag comes back with the lines at their new prices.
    await act(async () => release());
    await waitFor(() => expect(screen.getByText("Qty 2 × $825.00")).toBeTruthy());
    expect(screen.getByTestId("summary-total").textContent).toBe("$2,005.94");
    expect(router.replace).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success"));
    const [first, second] = checkoutBodies(calls);
    expect(first).toMatchObject({ amount: 1951.82 });
    expect(second).toMatchObject({ amount: 2005.94, shippingfee: 56.9 });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("409 product_unavailable: shows the message, asks the bag again and holds the payment until the line is removed", async () => {
    const shop: Shop = {
      lines: [line("l1", "Ivory Gown", 800, 1), line("l2", "Night Cape", 990, 1)],
      quote: { subtotal: 1790, shippingfee: 56.9, tax: 0, total: 1846.9 },
    };
    shopWith(shop, {
      "POST /api/payment/checkout": () => {
        shop.lines = [line("l1", "Ivory Gown", 800, 1), line("l2", "Night Cape", 990, 1, false)];
        shop.quote = { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 };
        return { status: 409, body: refusal("product_unavailable", "Night Cape is no longer available.", { success: false }) };
      },
      "DELETE /api/cart/remove/l2": () => {
        shop.lines = [line("l1", "Ivory Gown", 800, 1)];
        return { body: {} };
      },
    });
    await atPayment();
    await act(async () => fireEvent.click(payButton()));
    // The bag comes back with the withdrawn line: the server's message, and the payment waits for the line to go.
    await screen.findByText("Some items in your bag are no longer available. Please remove them to continue.");
    expect(screen.getByRole("alert").textContent).toContain("Night Cape is no longer available.");
    expect(screen.queryByRole("button", { name: /^PAY/ })).toBeNull();
    expect(screen.getByTestId("summary-total").textContent).toBe("$856.90");
    const gone = screen.getAllByTestId("summary-line")[1]!;
    expect(gone.textContent).toContain("No longer available");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove Night Cape" })));
    await waitFor(() => expect(payButton().textContent).toBe("PAY $856.90"));
  });
});

describe("Checkout: PayPal", () => {
  const paypalOptions = () => vi.mocked(payments.renderPayPal).mock.calls.at(-1)![1];

  it("create-order 409 quote_changed: the new quote shows, PayPal is not opened; the next try asks for the new total", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2), line("l2", "Silk Scarf", 150.5, 1)], quote: QUOTE };
    let creates = 0;
    const { calls } = shopWith(shop, {
      "POST /api/payment/paypal/create-order": () => {
        if ((creates += 1) > 1) return { body: { order: { id: "PP-2" } } };
        shop.quote = NEW_QUOTE;
        return { status: 409, body: quoteChanged("Prices have changed.", NEW_QUOTE) };
      },
      "POST /api/payment/paypal/capture-order": () => ({ status: 201, body: paid("pending") }),
    });
    await atPayment();
    await waitFor(() => expect(payments.renderPayPal).toHaveBeenCalled());
    let refused: unknown = null;
    await act(async () => {
      await paypalOptions()
        .createOrder()
        .catch((e: unknown) => (refused = e));
    });
    expect(refused).toBeInstanceOf(Error);
    expect(screen.getByRole("alert").textContent).toBe("Prices have changed.");
    await waitFor(() => expect(screen.getByTestId("summary-total").textContent).toBe("$2,005.94"));
    // PayPal's onError hears the refusal too: the message stays the server's.
    act(() => paypalOptions().onError(refused));
    expect(screen.getByRole("alert").textContent).toBe("Prices have changed.");

    let id = "";
    await act(async () => void (id = await paypalOptions().createOrder()));
    expect(id).toBe("PP-2");
    const creations = calls.filter((c) => c.url === "/api/payment/paypal/create-order").map((c) => c.body);
    expect(creations).toEqual([
      { amount: 1951.82, currency: "USD" },
      { amount: 2005.94, currency: "USD" },
    ]);
    // A capture PayPal is still completing is a placed order: the success page says the payment is pending.
    await act(async () => paypalOptions().onApprove({ orderID: "PP-2" }));
    expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success&payment=pending");
    expect(calls.find((c) => c.url === "/api/payment/paypal/capture-order")?.body).toMatchObject({ orderId: "PP-2", taxRate: 8.25, shippingfee: 56.9 });
  });

  it("create-order 429: shows the server's message", async () => {
    shopWith(
      { lines: [line("l1", "Ivory Gown", 800, 1)], quote: { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 } },
      { "POST /api/payment/paypal/create-order": () => ({ status: 429, body: { message: "Too many PayPal orders. Please try again in a few minutes." } }) },
    );
    await atPayment();
    await waitFor(() => expect(payments.renderPayPal).toHaveBeenCalled());
    await act(
      async () =>
        void (await paypalOptions()
          .createOrder()
          .catch(() => null)),
    );
    expect(screen.getByRole("alert").textContent).toBe("Too many PayPal orders. Please try again in a few minutes.");
  });

  it("capture 202: confirms the payment like a card's, without Pay", async () => {
    shopWith(
      { lines: [line("l1", "Ivory Gown", 800, 1)], quote: { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 } },
      {
        "POST /api/payment/paypal/capture-order": () => ({ status: 202, body: confirming("pay_pp", CONFIRMING_MESSAGE) }),
        "GET /api/payment/status/pay_pp": () => ({ body: { status: "placed", order: { id: "o1", status: "awaiting_confirmation" } } }),
      },
    );
    await atPayment();
    await waitFor(() => expect(payments.renderPayPal).toHaveBeenCalled());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const approved = paypalOptions().onApprove({ orderID: "PP-1" });
    await advance(0);
    await approved;
    expect(screen.getByRole("status").textContent).toContain(CONFIRMING_TITLE);
    expect(screen.queryByRole("button", { name: /^PAY/ })).toBeNull();
    await advance(2_000);
    expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success");
  });
});

describe("Checkout: a payment whose answer was lost (202)", () => {
  it("says it is confirming (never failed), offers no Pay, polls every 2 s and goes to the success page once placed", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 1)], quote: { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 } };
    let asked = 0;
    const { calls } = shopWith(shop, {
      "POST /api/payment/checkout": () => ({ status: 202, body: CONFIRMING }),
      "GET /api/payment/status/pay_1": () => {
        asked += 1;
        return asked < 3
          ? { body: { status: "confirming", message: "Still confirming with your bank." } }
          : { body: { status: "placed", order: { id: "o1", status: "awaiting_confirmation" } } };
      },
    });
    await atPayment();
    // The live region is there, empty, before there is anything to announce.
    expect(screen.getByRole("status").textContent).toBe("");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    fireEvent.click(payButton());
    await advance(0);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain(CONFIRMING_TITLE);
    expect(status.textContent).toContain(CONFIRMING_MESSAGE);
    expect(screen.queryByRole("button", { name: /^PAY/ })).toBeNull();
    expect(screen.queryByText(/payment failed/i)).toBeNull();
    expect(statusAsks(calls)).toBe(0);

    await advance(2_000);
    expect(statusAsks(calls)).toBe(1);
    expect(screen.getByRole("status").textContent).toContain("Still confirming with your bank.");
    await advance(2_000);
    expect(statusAsks(calls)).toBe(2);
    expect(router.replace).not.toHaveBeenCalled();
    await advance(2_000);
    expect(statusAsks(calls)).toBe(3);
    expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success");
    expect(checkoutBodies(calls)).toHaveLength(1);
  });

  it("a failed confirmation shows its message and lets the shopper pay again as a new attempt", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 1)], quote: { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 } };
    let posts = 0;
    const { calls } = shopWith(shop, {
      "POST /api/payment/checkout": () => ((posts += 1) === 1 ? { status: 202, body: CONFIRMING } : { status: 201, body: PLACED }),
      "GET /api/payment/status/pay_1": () => ({ body: { status: "failed", message: "Your payment did not go through. Nothing was charged." } }),
    });
    await atPayment();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    fireEvent.click(payButton());
    await advance(0);
    expect(screen.getByRole("status").textContent).toContain(CONFIRMING_TITLE);
    await advance(2_000);
    expect(screen.queryByTestId("payment-confirming")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Your payment did not go through. Nothing was charged.");
    expect(router.replace).not.toHaveBeenCalled();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(payButton());
    await advance(0);
    expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success");
    const [first, second] = checkoutBodies(calls);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("backs off to 5 s after 30 s and stops after 5 minutes, sending the shopper to My Orders", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 1)], quote: { subtotal: 800, shippingfee: 56.9, tax: 0, total: 856.9 } };
    const { calls } = shopWith(shop, {
      "POST /api/payment/checkout": () => ({ status: 202, body: CONFIRMING }),
      "GET /api/payment/status/pay_1": () => ({ body: { status: "confirming", message: "Still confirming with your bank." } }),
    });
    await atPayment();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    fireEvent.click(payButton());
    await advance(0);
    await advance(30_000);
    expect(statusAsks(calls)).toBe(15);
    await advance(10_000);
    expect(statusAsks(calls)).toBe(17);
    await advance(260_000);
    const asked = statusAsks(calls);
    expect(asked).toBe(69);
    expect(screen.getByRole("status").textContent).toContain(CONFIRMING_TIMED_OUT);
    expect(screen.getByRole("link", { name: "GO TO MY ORDERS" }).getAttribute("href")).toMatch(/^\/me\/orders\/?$/);
    expect(screen.queryByRole("button", { name: /^PAY/ })).toBeNull();
    await advance(60_000);
    expect(statusAsks(calls)).toBe(asked);
  });
});

describe("Checkout: the connection", () => {
  const offline = (isOffline: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(!isOffline);

  it("offline, Pay says so (not the card), sends nothing and keeps the card form", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE };
    const { calls } = shopWith(shop, { "POST /api/payment/checkout": () => ({ status: 201, body: PLACED }) });
    await atPayment();
    vi.mocked(payments.fields.tokenize).mockClear();
    vi.mocked(payments.teardown).mockClear();
    offline(true);
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole("alert")).textContent).toBe(CONNECTION_MSG.offline);
    expect(screen.queryByText("Please check your card details.")).toBeNull();
    expect(payments.fields.tokenize).not.toHaveBeenCalled();
    expect(payments.teardown).not.toHaveBeenCalled();
    expect(checkoutBodies(calls)).toHaveLength(0);
    offline(false);
    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(screen.queryByText(CONNECTION_MSG.offline)).toBeNull();
  });

  it("a card tokenization the connection failed is the connection's fault, not the card's", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE };
    shopWith(shop, {});
    await atPayment();
    vi.mocked(payments.fields.tokenize).mockRejectedValueOnce(Object.assign(new Error("network"), { type: "NETWORK" }));
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole("alert")).textContent).toBe(CONNECTION_MSG.offline);
  });

  it("a payment whose answer the connection lost is asked again with the same key once back online, and shows its real outcome", async () => {
    const shop: Shop = { lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE };
    let asked = 0;
    let answer = () => {};
    const { calls } = shopWith(shop, {
      "POST /api/payment/checkout": async () => {
        asked += 1;
        if (asked > 1) {
          await new Promise<void>((r) => (answer = r));
          return { status: 200, body: PLACED };
        }
        // It was placed: the bag the page asks again on reconnecting is empty.
        shop.lines = [];
        shop.quote = null;
        throw new TypeError("Failed to fetch");
      },
    });
    await atPayment();
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole("alert")).textContent).toBe(CONNECTION_MSG.answerLost);
    expect(router.replace).not.toHaveBeenCalled();
    await act(async () => void window.dispatchEvent(new Event("online")));
    // The bag comes back empty while the payment is asked again: the payment step stays meanwhile.
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/cart").length).toBeGreaterThan(1));
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByText("Your shopping bag is empty.")).toBeNull();
    await act(async () => answer());
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success"));
    const [first, again] = checkoutBodies(calls);
    expect(again).toEqual(first);
  });
});

describe("Checkout: the steps keep their place", () => {
  it("Continue is a history entry: Back shows the address as chosen, Forward the payment", async () => {
    shopWith({ lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE }, {});
    await atPayment();
    expect(window.location.search).toBe("?step=payment");
    window.history.replaceState(null, "", "/checkout/");
    await act(async () => void window.dispatchEvent(new PopStateEvent("popstate")));
    expect((screen.getByRole("radio", { name: /Atelier/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("button", { name: /^PAY/ })).toBeNull();
    window.history.replaceState(null, "", "/checkout/?step=payment");
    await act(async () => void window.dispatchEvent(new PopStateEvent("popstate")));
    expect(screen.getByRole("button", { name: "EDIT" })).toBeTruthy();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it("a reload or TRY AGAIN on the payment step finds the address kept; an order placed clears it", async () => {
    shopWith({ lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE }, { "POST /api/payment/checkout": () => ({ status: 201, body: PLACED }) });
    const first = await atPayment();
    first.unmount();
    renderWithSwr(<Checkout />);
    await screen.findByRole("button", { name: "EDIT" });
    expect(screen.getByText(/12 Vo Van Tan/)).toBeTruthy();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/checkout/notify/?status=success"));
    expect(sessionStorage.getItem("checkout-draft:lan@example.com")).toBeNull();
  }, 15_000);

  it("the payment step with no address kept is the address step", async () => {
    shopWith({ lines: [line("l1", "Ivory Gown", 800, 2)], quote: QUOTE }, {});
    window.history.replaceState(null, "", "/checkout/?step=payment");
    renderWithSwr(<Checkout />);
    await screen.findByRole("button", { name: "Continue to payment" });
    expect(window.location.search).toBe("");
  });
});
