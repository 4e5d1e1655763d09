// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { OpenedOnce, PanelsProvider, usePanels } from "./panels";

function Toggle() {
  const { toggle } = usePanels();
  return (
    <button type="button" onClick={() => toggle("search")}>
      toggle
    </button>
  );
}

function Typed() {
  const { open } = usePanels();
  const [text, setText] = useState("");
  return open === "search" ? <input aria-label="typed" value={text} onChange={(e) => setText(e.target.value)} /> : null;
}

describe("OpenedOnce", () => {
  it("renders nothing before the panel first opens, then stays mounted with its state", () => {
    render(
      <PanelsProvider>
        <Toggle />
        <OpenedOnce name="search">
          <p>mounted</p>
          <Typed />
        </OpenedOnce>
      </PanelsProvider>,
    );
    expect(screen.queryByText("mounted")).toBeNull();
    fireEvent.click(screen.getByText("toggle"));
    fireEvent.change(screen.getByLabelText("typed"), { target: { value: "silk" } });
    fireEvent.click(screen.getByText("toggle"));
    expect(screen.getByText("mounted")).toBeTruthy();
    expect(screen.queryByLabelText("typed")).toBeNull();
    fireEvent.click(screen.getByText("toggle"));
    expect((screen.getByLabelText("typed") as HTMLInputElement).value).toBe("silk");
  });
});
