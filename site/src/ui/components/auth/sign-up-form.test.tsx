// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { SIGN_UP_MSG, SignUpForm } from "./sign-up-form";
import { refusal } from "@/test/answers";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

afterEach(() => vi.unstubAllGlobals());

const TAKEN = "An account with this email already exists.";
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function fillIn(email: string) {
  type("Email *", email);
  type("Password *", "Couture1!");
  type("Confirm password *", "Couture1!");
  type("Title *", "Ms");
  type("First name *", "Linh");
  type("Last name *", "Tran");
  type("Month", "02");
  type("Year", "1994");
  type("Day", "28");
  fireEvent.click(screen.getByRole("checkbox"));
  fireEvent.click(screen.getByRole("button", { name: "CREATE ACCOUNT" }));
}

describe("SignUpForm", () => {
  it("says a taken email once, under the email field", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/register": () => ({ status: 409, body: refusal("conflict", TAKEN, { errors: { email: TAKEN } }) }) });
    renderWithSwr(<SignUpForm />);
    fillIn("linh@example.com");
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.getAllByText(TAKEN)).toHaveLength(1);
    expect(screen.getByText(TAKEN).id).toBe("signup-email-error");
  });

  it("still says a message no field shows, for the form", async () => {
    fakeFetch({ "POST /api/auth/register": () => ({ status: 429, body: { message: "Too many attempts. Please try again later." } }) });
    renderWithSwr(<SignUpForm />);
    fillIn("linh@example.com");
    expect(await screen.findByText("Too many attempts. Please try again later.")).toBeTruthy();
    expect(screen.queryByText(SIGN_UP_MSG.failed)).toBeNull();
  });

  it("takes an internationalised address and refuses a malformed one", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/register": () => ({ status: 201, body: { message: "ok" } }) });
    renderWithSwr(<SignUpForm />);
    fillIn("ada@example");
    expect(await screen.findByText(SIGN_UP_MSG.emailFormat)).toBeTruthy();
    expect(calls).toHaveLength(0);
    type("Email *", "  đặng.thu@exämple.com ");
    fireEvent.click(screen.getByRole("button", { name: "CREATE ACCOUNT" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ email: "đặng.thu@exämple.com", birthday: "1994-02-28" });
  });
});
