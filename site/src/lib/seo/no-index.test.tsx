// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NoIndex } from "./no-index";

describe("NoIndex", () => {
  it("puts robots noindex in the head while shown, and takes it away after", () => {
    const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute("content");
    const { unmount } = render(<NoIndex />);
    expect(robots()).toBe("noindex");
    unmount();
    expect(robots()).toBeUndefined();
  });
});
