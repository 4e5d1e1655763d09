// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { nav } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { VERIFY_MSG, VerifyEmail } from "./verify-email";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

afterEach(() => {
  vi.unstubAllGlobals();
  nav.search = new URLSearchParams();
});

const VERIFIED = "Thank you, your email address is verified.";
const TAKEN_BACK = "Thank you, your email address is verified. To keep this account yours alone, every session was signed out and its password cleared: choose a password to sign in.";

describe("VerifyEmail", () => {
  it("posts the link's token once and offers the account when the address is verified", async () => {
    nav.search = new URLSearchParams("token=t1");
    const { calls } = fakeFetch({ "POST /api/auth/verify-email": () => ({ body: { message: VERIFIED } }) });
    renderWithSwr(<VerifyEmail />);
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ token: "t1" }]);
    expect(screen.getByRole("link", { name: "GO TO MY ACCOUNT" }).getAttribute("href")).toBe("/me/account/");
    expect(screen.queryByRole("link", { name: VERIFY_MSG.choosePassword })).toBeNull();
  });

  it("with a reset token (the owner took the address back), says so and leads to choosing a password", async () => {
    nav.search = new URLSearchParams("token=t2");
    fakeFetch({ "POST /api/auth/verify-email": () => ({ body: { message: TAKEN_BACK, resetToken: "r.e+s/t=" } }) });
    renderWithSwr(<VerifyEmail />);
    expect(await screen.findByText(TAKEN_BACK)).toBeTruthy();
    const link = screen.getByRole("link", { name: "Choose a password" });
    expect(link.getAttribute("href")).toBe("/reset-password/?token=r.e%2Bs%2Ft%3D");
    expect(new URL(link.getAttribute("href") ?? "", "http://shop.test").searchParams.get("token")).toBe("r.e+s/t=");
    expect(link.className).toBe("button");
    expect(screen.queryByRole("link", { name: "GO TO MY ACCOUNT" })).toBeNull();
  });

  it("says a refused link is invalid", async () => {
    nav.search = new URLSearchParams("token=bad");
    fakeFetch({ "POST /api/auth/verify-email": () => ({ status: 400, body: { message: VERIFY_MSG.failed, errors: { token: VERIFY_MSG.failed } } }) });
    renderWithSwr(<VerifyEmail />);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText(VERIFY_MSG.failed)).toBeTruthy();
    expect(screen.getByRole("link", { name: "BACK TO THE SHOP" }).getAttribute("href")).toBe("/");
  });
});
