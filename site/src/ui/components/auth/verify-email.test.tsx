// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { nav } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { revalidateSession } from "@/lib/hooks/use-session";
import { VERIFY_MSG, VerifyEmail } from "./verify-email";
import { refusal } from "@/test/answers";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));
vi.mock("@/lib/hooks/use-session", async (original) => ({
  ...(await original<typeof import("@/lib/hooks/use-session")>()),
  revalidateSession: vi.fn(async () => undefined),
}));

beforeEach(() => {
  nav.search = new URLSearchParams("token=t1");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(revalidateSession).mockClear();
  nav.search = new URLSearchParams();
});

const VERIFIED = "Thank you, your email address is verified.";
const CLAIMED =
  "Thank you, your email address is verified. The account is yours alone now: everyone else was signed out, it starts afresh, and you are signed in with the password you chose.";
const INVALID = { status: 400, body: refusal("validation", VERIFY_MSG.failed, { errors: { token: VERIFY_MSG.failed } }) };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const preview = (action: "verified" | "confirm" | "claim") => () => ({ body: { email: "linh@example.com", action } });

describe("VerifyEmail", () => {
  it("opening the page only asks the preview, once, and does nothing else", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/verify-email/preview": preview("confirm") });
    renderWithSwr(<VerifyEmail />);
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    await screen.findByRole("button", { name: VERIFY_MSG.confirm });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([["POST", "/api/auth/verify-email/preview", { token: "t1" }]]);
    expect(screen.getByRole("heading", { level: 1, name: "VERIFY YOUR EMAIL" })).toBeTruthy();
    expect(screen.getByText("linh@example.com")).toBeTruthy();
  });

  it("an address verified already: says so and offers the account", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/verify-email/preview": preview("verified") });
    renderWithSwr(<VerifyEmail />);
    expect((await screen.findByText(VERIFIED)).closest("[role=status]")).toBeTruthy();
    expect(screen.getByRole("link", { name: "GO TO MY ACCOUNT" }).getAttribute("href")).toBe("/me/account/");
    expect(calls).toHaveLength(1);
  });

  it("confirm: verifies only when pressed, then offers the account", async () => {
    const { calls } = fakeFetch({
      "POST /api/auth/verify-email/preview": preview("confirm"),
      "POST /api/auth/verify-email": () => ({ body: { message: VERIFIED } }),
    });
    renderWithSwr(<VerifyEmail />);
    fireEvent.click(await screen.findByRole("button", { name: VERIFY_MSG.confirm }));
    const status = (await screen.findByText(VERIFIED)).closest<HTMLElement>("[role=status]");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.map((c) => c.body)).toEqual([{ token: "t1" }, { token: "t1" }]);
    expect(calls[1]?.url).toBe("/api/auth/verify-email");
    expect(screen.getByRole("link", { name: "GO TO MY ACCOUNT" }).getAttribute("href")).toBe("/me/account/");
    expect(revalidateSession).not.toHaveBeenCalled();
  });

  it("confirm: a refusal that is not the link's stays on the page with the server's words", async () => {
    fakeFetch({
      "POST /api/auth/verify-email/preview": preview("confirm"),
      "POST /api/auth/verify-email": () => ({ status: 429, body: refusal("too_many_requests", "Too many attempts. Please try again later.") }),
    });
    renderWithSwr(<VerifyEmail />);
    fireEvent.click(await screen.findByRole("button", { name: VERIFY_MSG.confirm }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again later.");
    expect((screen.getByRole("button", { name: VERIFY_MSG.confirm }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("claim: explains what choosing a password does, and checks the password as the reset form does", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/verify-email/preview": preview("claim") });
    renderWithSwr(<VerifyEmail />);
    const submit = await screen.findByRole("button", { name: VERIFY_MSG.claim });
    expect(screen.getByText(/everyone else signed in to it is signed out/)).toBeTruthy();
    expect(screen.getByText(/starts afresh/)).toBeTruthy();
    expect(screen.getByText(/Created this account yourself\? Log in on this device first, then open this link again\./)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "go to the shop" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("form", { name: "Verify and set password" })).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText("New password is required")).toBeTruthy();
    expect(screen.getByText("Please confirm your password")).toBeTruthy();
    type("New password *", "weakpass");
    type("Confirm password *", "different");
    fireEvent.click(submit);
    expect(await screen.findByText("Password does not meet complexity requirements")).toBeTruthy();
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("claim: sends the password, shows the server's message, and signs the header in", async () => {
    const { calls } = fakeFetch({
      "POST /api/auth/verify-email/preview": preview("claim"),
      "POST /api/auth/verify-email": () => ({ body: { message: CLAIMED, user: { id: "u2", email: "linh@example.com" } } }),
    });
    renderWithSwr(<VerifyEmail />);
    await screen.findByRole("button", { name: VERIFY_MSG.claim });
    type("New password *", "Owned1!x");
    type("Confirm password *", "Owned1!x");
    fireEvent.click(screen.getByRole("button", { name: VERIFY_MSG.claim }));
    expect((await screen.findByText(CLAIMED)).closest("[role=status]")).toBeTruthy();
    expect(calls[1]?.body).toEqual({ token: "t1", newPassword: "Owned1!x", confirmPassword: "Owned1!x" });
    expect(revalidateSession).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "GO TO MY ACCOUNT" }).getAttribute("href")).toBe("/me/account/");
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("claim: the server's field errors show under their fields", async () => {
    fakeFetch({
      "POST /api/auth/verify-email/preview": preview("claim"),
      "POST /api/auth/verify-email": () => ({
        status: 400,
        body: refusal("validation", "Validation failed", { errors: { newPassword: "Password does not meet complexity requirements" } }),
      }),
    });
    renderWithSwr(<VerifyEmail />);
    await screen.findByRole("button", { name: VERIFY_MSG.claim });
    type("New password *", "Owned1!x");
    type("Confirm password *", "Owned1!x");
    fireEvent.click(screen.getByRole("button", { name: VERIFY_MSG.claim }));
    const error = await screen.findByText("Password does not meet complexity requirements");
    expect(error.id).toBe("verify-new-error");
    expect(screen.getByLabelText("New password *").getAttribute("aria-invalid")).toBe("true");
    expect(revalidateSession).not.toHaveBeenCalled();
  });

  it("claim: a link refused on submit says it is invalid", async () => {
    fakeFetch({ "POST /api/auth/verify-email/preview": preview("claim"), "POST /api/auth/verify-email": () => INVALID });
    renderWithSwr(<VerifyEmail />);
    await screen.findByRole("button", { name: VERIFY_MSG.claim });
    type("New password *", "Owned1!x");
    type("Confirm password *", "Owned1!x");
    fireEvent.click(screen.getByRole("button", { name: VERIFY_MSG.claim }));
    expect((await screen.findByRole("alert")).textContent).toContain(VERIFY_MSG.failed);
    expect(screen.getByRole("link", { name: "BACK TO THE SHOP" }).getAttribute("href")).toBe("/");
  });

  it("says a refused link is invalid", async () => {
    nav.search = new URLSearchParams("token=bad");
    const { calls } = fakeFetch({ "POST /api/auth/verify-email/preview": () => INVALID });
    renderWithSwr(<VerifyEmail />);
    expect((await screen.findByRole("alert")).textContent).toContain(VERIFY_MSG.failed);
    expect(screen.getByRole("link", { name: "BACK TO THE SHOP" }).getAttribute("href")).toBe("/");
    expect(calls.map((c) => c.body)).toEqual([{ token: "bad" }]);
  });

  it("says when the preview is refused for too many attempts", async () => {
    fakeFetch({
      "POST /api/auth/verify-email/preview": () => ({ status: 429, body: refusal("too_many_requests", "Too many attempts. Please try again later.") }),
    });
    renderWithSwr(<VerifyEmail />);
    expect((await screen.findByRole("alert")).textContent).toContain("Too many attempts. Please try again later.");
  });
});
