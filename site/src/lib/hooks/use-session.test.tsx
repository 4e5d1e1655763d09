// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

  it("stays signed in when the access token has expired: the 401 is refreshed once, not a logout", async () => {
    let session = false;
    const { calls } = fakeFetch({
      "GET /api/auth/me": () => (session ? { body: { id: "u1", email: "a@b.c" } } : { status: 401 }),
      "POST /api/auth/refresh": () => {
        session = true;
        return { body: {} };
      },
    });
    document.cookie = "signed_in=1; Path=/";
    renderWithSwr(<Who />);
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    expect(screen.queryByText("visitor")).toBeNull();
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("asks without the hint when the shopper opened something that needs the answer", async () => {
    const { calls } = signedIn();
    renderWithSwr(<Who ask />);
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});

describe("the last signed-in email", () => {
  // Each test loads the module afresh, as a new page would.
  beforeEach(() => {
    window.localStorage.clear();
    vi.resetModules();
  });

  it("is kept alone in the browser when a profile is read, and known after a reload", async () => {
    fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "josé@exämple.com", firstname: "José", lastname: "Martí" } }) });
    const first = await import("./use-session");
    expect(first.knownEmail()).toBe("");
    await first.fetchProfile();
    expect(first.knownEmail()).toBe("josé@exämple.com");
    // Only the email: no token, no name, nothing else.
    expect(Object.keys(window.localStorage)).toEqual([first.LAST_EMAIL_KEY]);
    expect(window.localStorage.getItem(first.LAST_EMAIL_KEY)).toBe("josé@exämple.com");
    vi.resetModules();
    const reloaded = await import("./use-session");
    expect(reloaded.knownEmail()).toBe("josé@exämple.com");
  });

  it("stays after a session ends (a 401 forgets nothing)", async () => {
    window.localStorage.setItem("couture:last-email", "ada@example.com");
    fakeFetch({ "GET /api/auth/me": () => ({ status: 401 }), "POST /api/auth/refresh": () => ({ status: 401 }) });
    const { fetchProfile, knownEmail } = await import("./use-session");
    expect(await fetchProfile()).toBeNull();
    expect(knownEmail()).toBe("ada@example.com");
  });

  it("lives in the page when storage is refused", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "ada@example.com" } }) });
    const { fetchProfile, knownEmail } = await import("./use-session");
    await fetchProfile();
    expect(knownEmail()).toBe("ada@example.com");
    vi.restoreAllMocks();
  });
});
