// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANNER_MS, StatusBanner, useTimedStatus } from "./status-banner";

afterEach(() => vi.useRealTimers());

function Harness() {
  const [status, setStatus] = useTimedStatus();
  useEffect(() => setStatus({ kind: "success", text: "Done" }), [setStatus]);
  return <StatusBanner status={status} />;
}

describe("StatusBanner", () => {
  it("disappears after 5 seconds", () => {
    vi.useFakeTimers();
    render(<Harness />);
    expect(screen.getByRole("status").textContent).toBe("Done");
    act(() => vi.advanceTimersByTime(BANNER_MS - 10));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
