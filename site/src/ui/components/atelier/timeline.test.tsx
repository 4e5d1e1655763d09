// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "@/lib/atelier/types";
import { OUTCOME_LABEL, Timeline } from "./timeline";

const entry = (text: string, more: Partial<TimelineEntry> = {}): TimelineEntry => ({
  at: "2026-12-01T10:00:00Z",
  kind: "email",
  by: null,
  text,
  ...more,
});

describe("the timeline", () => {
  it("says nothing happened when nothing did", () => {
    render(<Timeline entries={[]} />);
    expect(screen.getByText("Nothing yet.")).toBeTruthy();
  });

  it("tells each email's outcome in a word, a failed one standing out, and each action with who", () => {
    render(
      <Timeline
        entries={[
          entry("Placed and paid $10.00 with Visa ending in 1111.", { kind: "placed" }),
          entry("Shipping (tracking link) email not sent: the mail service did not take it.", { outcome: "failed" }),
          entry("Shipping (tracking link) email sent to lan@example.com.", { outcome: "sent" }),
          entry('"Order confirmed" email: whether it went is not known.', { outcome: "unknown" }),
          entry("Asked for the shipping email to be sent again.", { kind: "action", by: "marc@house.example" }),
        ]}
      />,
    );
    const items = within(screen.getByTestId("timeline")).getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-outcome"))).toEqual([null, "failed", "sent", "unknown", null]);
    const [placed, failed, sent, unknown, action] = items;
    expect(placed?.querySelector("strong")).toBeNull();
    const badge = failed?.querySelector("strong");
    expect(badge?.textContent).toBe(`${OUTCOME_LABEL.failed}:`);
    expect(badge?.className).toBe("atelier-error");
    expect(failed?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-12-01T10:00:00Z");
    expect(sent?.textContent).toContain("Sent: Shipping (tracking link) email sent to lan@example.com.");
    expect(sent?.querySelector("strong")?.className).toBe("");
    expect(unknown?.textContent).toContain("Outcome unknown:");
    expect(action?.textContent).toContain("· marc@house.example");
  });
});
