// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { nav } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { Request, nextStatuses } from "./request";
import { STAFF, requestDetail } from "./test-data";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => {
  vi.unstubAllGlobals();
  nav.search = new URLSearchParams();
});

describe("a client's request", () => {
  it("moves forward one step at a time, or to closed from any state, never back", () => {
    expect(nextStatuses("new")).toEqual(["contacted", "closed"]);
    expect(nextStatuses("contacted")).toEqual(["scheduled", "closed"]);
    expect(nextStatuses("scheduled")).toEqual(["closed"]);
    expect(nextStatuses("closed")).toEqual([]);
  });

  it("shows the measurements in the unit the client gave, and the ones left out as not given", async () => {
    nav.search = new URLSearchParams({ id: "r1" });
    fakeFetch({ "GET /api/atelier/requests/r1": () => ({ body: requestDetail() }), "GET /api/atelier/me": () => ({ body: STAFF }) });
    renderWithSwr(<Request />);
    const table = await screen.findByRole("table", { name: "Measurements (in)" });
    expect(within(table).getByRole("row", { name: "Bust 34 in" })).toBeTruthy();
    expect(within(table).getByRole("row", { name: "Waist not given" })).toBeTruthy();
  });

  it("replies, schedules an appointment and assigns, showing the request the server answers", async () => {
    nav.search = new URLSearchParams({ id: "r1" });
    const scheduled = requestDetail({
      status: "scheduled",
      appointment: {
        at: "2026-12-10T13:00:00Z",
        local: "2026-12-10T14:00",
        timeZone: "Europe/Paris",
        durationMinutes: 60,
        place: "The atelier",
        invitationSentAt: "2026-12-03T15:00:00Z",
        reminderSentAt: null,
      },
    });
    const { calls } = fakeFetch({
      "GET /api/atelier/requests/r1": () => ({ body: requestDetail() }),
      "GET /api/atelier/me": () => ({ body: STAFF }),
      "POST /api/atelier/requests/r1/replies": () => ({
        body: requestDetail({ replies: [{ at: "2026-12-03T15:00:00Z", by: STAFF.email, subject: "Your gown", text: "Come and see us." }] }),
      }),
      "POST /api/atelier/requests/r1/appointment": () => ({ body: scheduled }),
      "POST /api/atelier/requests/r1/assign": () => ({ body: requestDetail({ assignee: STAFF }) }),
    });
    renderWithSwr(<Request />);
    const reply = await screen.findByRole("form", { name: "Reply by email" });
    await userEvent.type(within(reply).getByLabelText("Subject"), "Your gown");
    await userEvent.type(within(reply).getByLabelText("Message"), "Come and see us.");
    await userEvent.click(within(reply).getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText("Come and see us.", { selector: "p" })).toBeTruthy();

    const appointment = screen.getByRole("form", { name: "Schedule an appointment" });
    await userEvent.type(within(appointment).getByLabelText("Date and time (the house's time)"), "2026-12-10T14:00");
    await userEvent.click(within(appointment).getByRole("button", { name: "Schedule" }));
    // As the house set it, in its own time zone (not the browser's).
    expect((await screen.findByTestId("appointment")).textContent).toContain("2026-12-10 14:00 (Europe/Paris) · 60 minutes · The atelier");

    await userEvent.click(screen.getByRole("button", { name: "Assign to me" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Unassign (Marc)" })).toBeTruthy());
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.url, c.body])).toEqual([
      ["/api/atelier/requests/r1/replies", { subject: "Your gown", text: "Come and see us." }],
      ["/api/atelier/requests/r1/appointment", { at: "2026-12-10T14:00", durationMinutes: 60, place: "The atelier" }],
      ["/api/atelier/requests/r1/assign", { staffId: "s2" }],
    ]);
  });
});
