// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { AccountPanel } from "./account-panel";
import { PanelsProvider, usePanels } from "./panels";

vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function Opened() {
  const { toggle } = usePanels();
  useEffect(() => toggle("account"), [toggle]);
  return <AccountPanel />;
}

/** The account panel of a visitor (no session, no refresh), open on LOGIN. */
async function openSignedOut() {
  const fetched = fakeFetch({ "GET /api/auth/me": () => ({ status: 401 }), "POST /api/auth/refresh": () => ({ status: 401 }) });
  renderWithSwr(
    <PanelsProvider>
      <Opened />
    </PanelsProvider>,
  );
  await screen.findByRole("heading", { name: "LOGIN" });
  return fetched;
}

describe("AccountPanel's login form", () => {
  it("is prefilled with the last signed-in email the browser saw (after a reload or a logout)", async () => {
    window.localStorage.setItem("couture:last-email", "đặng.thu@example.com");
    await openSignedOut();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("đặng.thu@example.com");
  });

  it("is empty in a browser that never saw a profile", async () => {
    await openSignedOut();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "LOGIN" }));
    expect(await screen.findByText("Please enter your email.")).toBeTruthy();
  });

  it("checks the email with the shop's one rule before asking the server", async () => {
    const { calls } = await openSignedOut();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@-x.com" } });
    fireEvent.change(screen.getByLabelText("Password", { exact: true }), { target: { value: "Couture1!" } });
    fireEvent.click(screen.getByRole("button", { name: "LOGIN" }));
    expect(await screen.findByText("Invalid email format")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/auth/login")).toHaveLength(0);
  });
});
