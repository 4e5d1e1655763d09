// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OWNER_ONLY } from "@/lib/atelier/client";
import { MESSAGES } from "@/lib/messages";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { Audit } from "./audit";
import { Staff } from "./staff";
import { OWNER, STAFF } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => vi.unstubAllGlobals());

const members = {
  staff: [
    { ...OWNER, passkeys: 1, since: "2026-11-01T00:00:00Z" },
    { ...STAFF, passkeys: 2, since: "2026-11-02T00:00:00Z" },
  ],
  invitations: [{ email: "new@house.example", name: "Nora", role: "staff", invitedBy: OWNER.email, expiresAt: "2026-12-06T10:00:00Z" }],
};

describe("the staff page", () => {
  it("tells a staff member it is the owner's", async () => {
    fakeFetch({ "GET /api/atelier/staff": () => ({ status: 403, body: { message: MESSAGES.atelier.OWNER_ONLY, code: "FORBIDDEN" } }) });
    renderWithSwr(<Staff />);
    expect((await screen.findByRole("alert")).textContent).toBe(OWNER_ONLY);
  });

  it("invites, and removes a member only once the dialog is confirmed", async () => {
    const { calls } = fakeFetch({
      "GET /api/atelier/staff": () => ({ body: members }),
      "POST /api/atelier/staff/invitations": () => ({ status: 201, body: { email: "lea@house.example", expiresAt: "2026-12-06T10:00:00Z" } }),
      "DELETE /api/atelier/staff/s2": () => ({ status: 204 }),
    });
    renderWithSwr(<Staff />);
    expect(await screen.findByRole("table", { name: "Open invitations" })).toBeTruthy();
    const invite = screen.getByRole("form", { name: "Invite" });
    await userEvent.type(within(invite).getByLabelText("Name"), "Léa");
    await userEvent.type(within(invite).getByLabelText("Email"), "lea@house.example");
    await userEvent.selectOptions(within(invite).getByLabelText("Role"), "owner");
    await userEvent.click(within(invite).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "lea@house.example", name: "Léa", role: "owner" });

    await userEvent.click(screen.getByRole("button", { name: "Remove Marc" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(screen.getByRole("dialog", { name: "Remove Marc?" })).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/atelier/staff/s2")).toBe(true));
  });
});

describe("the audit page", () => {
  it("lists who did what with the values before and after, and downloads the same dates as CSV", async () => {
    const { calls } = fakeFetch({
      "GET /api/atelier/audit": () => ({
        body: {
          entries: [
            {
              id: "a1",
              at: "2026-12-03T10:00:00Z",
              actor: { staffId: "s1", email: OWNER.email },
              action: "order.refund",
              subject: "order:o1",
              before: { refunded: "0" },
              after: { refunded: "100.00" },
            },
          ],
        },
      }),
    });
    renderWithSwr(<Audit />);
    const row = await screen.findByRole("row", { name: /order\.refund/ });
    expect(row.textContent).toContain(OWNER.email);
    expect(row.textContent).toContain('{"refunded":"100.00"}');
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/atelier/audit.csv");
    await userEvent.type(screen.getByLabelText("From"), "2026-12-01");
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/atelier/audit?from=2026-12-01"));
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/atelier/audit.csv?from=2026-12-01");
  });
});
