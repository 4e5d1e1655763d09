// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expiredAccessToken, fakeFetch } from "@/test/fake-fetch";
import { router } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { GUARD_REDIRECT_MS, SESSION_EXPIRED, SessionGuard } from "./session-guard";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  router.replace.mockClear();
});

describe("SessionGuard", () => {
  it("asks for the profile with the cache bypassed and shows the content when signed in", async () => {
    const { fn } = fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }) });
    renderWithSwr(<SessionGuard>secret</SessionGuard>);
    expect(screen.queryByText("secret")).toBeNull();
    expect(await screen.findByText("secret")).toBeTruthy();
    expect(fn.mock.calls[0]?.[1]?.cache).toBe("no-store");
  });

  it("keeps a shopper whose access token expired: one refresh, the content, no toast, no redirect", async () => {
    const { calls } = expiredAccessToken();
    renderWithSwr(
      <>
        <ToastContainer />
        <SessionGuard>secret</SessionGuard>
      </>,
    );
    expect(await screen.findByText("secret")).toBeTruthy();
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
    expect(router.replace).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("renders nothing, toasts the expiry and goes home after 3 s when the session is gone", async () => {
    fakeFetch({ "GET /api/auth/me": () => ({ status: 401 }), "POST /api/auth/refresh": () => ({ status: 401 }) });
    renderWithSwr(
      <>
        <ToastContainer />
        <SessionGuard>secret</SessionGuard>
      </>,
    );
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
    expect(router.replace).not.toHaveBeenCalled();
    await act(async () => new Promise((r) => setTimeout(r, GUARD_REDIRECT_MS + 100)));
    expect(router.replace).toHaveBeenCalledWith("/");
  }, 10_000);
});
