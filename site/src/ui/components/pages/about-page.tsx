"use client";
/** About: the logo repeated 60 times as decoration above the house's own page (its story, pictures and The Essence). */
import { Logo } from "@/ui/components/layout/logo";
import { HousePage } from "./house-page";

export const LOGO_REPEAT = 60;

export function AboutPage() {
  return (
    <div className="about">
      <div className="about__wall" aria-hidden="true" data-testid="logo-wall">
        {Array.from({ length: LOGO_REPEAT }, (_, i) => (
          <Logo key={i} inverted decorative className="about__wall-logo" />
        ))}
      </div>
      <HousePage id="about" />
    </div>
  );
}
