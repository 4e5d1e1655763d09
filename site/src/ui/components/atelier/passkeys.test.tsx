// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/messages";
import { fakeFetch } from "@/test/fake-fetch";
import { nav, router } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { Enrol, ENROL_MSG } from "./enrol";
import { SIGN_IN_MSG, SignIn } from "./sign-in";
import { OWNER } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => browser);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  nav.search = new URLSearchParams();
});

const creation = {
  publicKey: {
    challenge: "Y2hhbGxlbmdl",
    rp: { name: "House", id: "localhost" },
    user: { id: "dQ", name: OWNER.email, displayName: OWNER.name },
    pubKeyCredParams: [],
  },
};

describe("enrolment", () => {
  it("names whom the invitation is for, creates the passkey from the server's options and sends it back with the ceremony", async () => {
    nav.search = new URLSearchParams({ token: "tok" });
    browser.startRegistration.mockResolvedValue({ id: "cred", rawId: "cred", type: "public-key", response: {} });
    const { calls } = fakeFetch({
      "POST /api/atelier/enrolment/begin": () => ({ body: { ceremony: "c1", email: OWNER.email, name: OWNER.name, role: "owner", options: creation } }),
      "POST /api/atelier/enrolment/finish": () => ({ body: { staff: OWNER } }),
    });
    renderWithSwr(<Enrol />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Welcome, Inès");
    await userEvent.click(screen.getByRole("button", { name: "Create your passkey" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/atelier/orders/"));
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: creation.publicKey });
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ["/api/atelier/enrolment/begin", { token: "tok" }],
      ["/api/atelier/enrolment/finish", { ceremony: "c1", credential: { id: "cred", rawId: "cred", type: "public-key", response: {} } }],
    ]);
  });

  it("shows the server's words for a link no longer valid", async () => {
    nav.search = new URLSearchParams({ token: "used" });
    const gone = MESSAGES.atelier.INVITATION_INVALID;
    fakeFetch({ "POST /api/atelier/enrolment/begin": () => ({ status: 410, body: { message: gone, code: "GONE" } }) });
    renderWithSwr(<Enrol />);
    expect((await screen.findByRole("alert")).textContent).toBe(gone);
    expect(screen.queryByRole("button", { name: "Create your passkey" })).toBeNull();
  });

  it("says where the page comes from when it has no token", () => {
    renderWithSwr(<Enrol />);
    expect(screen.getByRole("alert").textContent).toBe(ENROL_MSG.noToken);
  });
});

describe("signing in", () => {
  it("uses the passkey the browser offers and hands the member on", async () => {
    const request = { publicKey: { challenge: "Y2hhbGxlbmdl", rpId: "localhost", allowCredentials: [] } };
    browser.startAuthentication.mockResolvedValue({ id: "cred", rawId: "cred", type: "public-key", response: {} });
    const { calls } = fakeFetch({
      "POST /api/atelier/sign-in/begin": () => ({ body: { ceremony: "c2", options: request } }),
      "POST /api/atelier/sign-in/finish": () => ({ body: { staff: OWNER } }),
    });
    const signedIn = vi.fn();
    renderWithSwr(<SignIn onSignedIn={signedIn} />);
    await userEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(OWNER));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: request.publicKey });
    expect(calls[1]?.body).toEqual({ ceremony: "c2", credential: { id: "cred", rawId: "cred", type: "public-key", response: {} } });
  });

  it("says so when no passkey was used, and shows the server's refusal as it words it", async () => {
    fakeFetch({
      "POST /api/atelier/sign-in/begin": () => ({ body: { ceremony: "c3", options: { publicKey: { challenge: "eA" } } } }),
      "POST /api/atelier/sign-in/finish": () => ({ status: 401, body: { message: MESSAGES.atelier.PASSKEY_NOT_RECOGNISED, code: "UNAUTHORIZED" } }),
    });
    browser.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" }),
    );
    renderWithSwr(<SignIn onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect((await screen.findByRole("alert")).textContent).toBe(SIGN_IN_MSG.refused);
    browser.startAuthentication.mockResolvedValueOnce({ id: "x" });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MESSAGES.atelier.PASSKEY_NOT_RECOGNISED));
  });
});
