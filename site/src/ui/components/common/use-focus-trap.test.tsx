// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useFocusTrap } from "./use-focus-trap";

function Dialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true);
  return (
    <div ref={ref} role="dialog" aria-label="Panel" tabIndex={-1}>
      <button type="button" onClick={onClose}>
        first
      </button>
      <button type="button" disabled>
        disabled
      </button>
      <a href="/x">last</a>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <button type="button">outside</button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Tab", shiftKey });

describe("useFocusTrap", () => {
  // jsdom lays nothing out: every element counts as shown.
  beforeAll(() => vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([{}] as unknown as DOMRectList));
  afterAll(() => vi.restoreAllMocks());

  it("takes focus, wraps Tab and Shift+Tab at its ends, and gives focus back to its opener", () => {
    render(<Page />);
    const opener = screen.getByText("opener");
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole("dialog"));
    tab(true);
    expect(document.activeElement).toBe(screen.getByText("last"));
    tab();
    expect(document.activeElement).toBe(screen.getByText("first"));
    tab(true);
    expect(document.activeElement).toBe(screen.getByText("last"));
    // Between its ends the browser moves focus itself.
    screen.getByText("first").focus();
    expect(tab()).toBe(true);
    fireEvent.click(screen.getByText("first"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("brings focus that got outside back in", () => {
    render(<Page />);
    fireEvent.click(screen.getByText("opener"));
    screen.getByText("outside").focus();
    tab();
    expect(document.activeElement).toBe(screen.getByText("first"));
  });
});
