// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { nav } from "@/test/next-mocks";
import { usePageId } from "./use-route-segments";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

let renders = 0;
function PageId({ built }: { built: string | null }) {
  renders += 1;
  const id = usePageId("/shop/product/", built);
  return <p>{id === undefined ? "unknown" : String(id)}</p>;
}

describe("usePageId", () => {
  beforeEach(() => {
    renders = 0;
    nav.pathname = "/shop/product/prod-from-address/some-slug/";
  });

  it("answers a built page's id at once and renders it once", () => {
    render(<PageId built="prod-built" />);
    expect(screen.getByText("prod-built")).toBeTruthy();
    // No second render after mount: the page hydrates and stays as it is.
    expect(renders).toBe(1);
  });

  it("reads the placeholder page's id from the address once mounted", () => {
    render(<PageId built={null} />);
    expect(screen.getByText("prod-from-address")).toBeTruthy();
    expect(renders).toBe(2);
  });

  it("answers null when the placeholder's address names no id", () => {
    nav.pathname = "/shop/product/_/";
    render(<PageId built={null} />);
    expect(screen.getByText("null")).toBeTruthy();
  });
});
