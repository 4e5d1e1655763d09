// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { hasSessionHint, useSession } from "./use-session";

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "signed_in=; Path=/; Max-Age=0";
});

function Who({ ask = false }: { ask?: boolean }) {
  const { profile, isLoading } = useSession({ ask });
  return <p>{isLoading ? "asking" : (profile?.email ?? "visitor")}</p>;
}

const signedIn = () => fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }) });

describe("the signed-in hint", () => {
  it("is the signed_in cookie with a value", () => {
    expect(hasSessionHint("theme=dark; signed_in=1")).toBe(true);
    expect(hasSessionHint("signed_in=")).toBe(false);
    expect(hasSessionHint("not_signed_in=1")).toBe(false);
    expect(hasSessionHint("")).toBe(false);
  });
});

describe("useSession", () => {
  it("asks nothing for a visitor's page: no hint, no request, no 401", async () => {
    const { calls } = signedIn();
    renderWithSwr(<Who />);
    expect(await screen.findByText("visitor")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });

  it("asks the server when the hint says a session may exist", async () => {
    const { calls } = signedIn();
    document.cookie = "signed_in=1; Path=/";
    renderWithSwr(<Who />);
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/me"]);
  });

  it("asks without the hint when the shopper opened something that needs the answer", async () => {
    const { calls } = signedIn();
    renderWithSwr(<Who ask />);
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
