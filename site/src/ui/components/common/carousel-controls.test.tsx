// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CarouselArrows, CarouselDots } from "./carousel-controls";
import type { Carousel } from "./use-carousel";

const running = () =>
  ({ scrollPrev: vi.fn(), scrollNext: vi.fn(), scrollTo: vi.fn() }) as unknown as Carousel &
    Record<"scrollPrev" | "scrollNext" | "scrollTo", ReturnType<typeof vi.fn>>;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("carousel controls", () => {
  it("stay disabled until the carousel runs", () => {
    render(
      <>
        <CarouselArrows carousel={undefined} noun="banner" />
        <CarouselDots carousel={undefined} count={2} selected={0} noun="banner" />
      </>,
    );
    for (const name of ["Previous banner", "Next banner", "Banner 1", "Banner 2"]) expect(button(name).disabled).toBe(true);
  });

  it("step, jump and stop at an end once it runs", () => {
    const carousel = running();
    render(
      <>
        <CarouselArrows carousel={carousel} noun="image" canPrev={false} />
        <CarouselDots carousel={carousel} count={3} selected={1} noun="image" />
      </>,
    );
    expect(button("Previous image").disabled).toBe(true);
    fireEvent.click(button("Next image"));
    fireEvent.click(button("Image 3"));
    expect(carousel.scrollNext).toHaveBeenCalledOnce();
    expect(carousel.scrollTo).toHaveBeenCalledWith(2);
    expect(button("Image 2").getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("group", { name: "Choose image" })).toBeTruthy();
  });
});
