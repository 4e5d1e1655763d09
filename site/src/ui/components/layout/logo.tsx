import { house } from "@/config/house";

/**
 * The house's wordmark. `inverted` draws it white for black backgrounds. `decorative` draws the
 * letters from CSS (no text in the page): a wordmark repeated as a pattern is decoration, with no
 * contrast requirement (WCAG 1.4.3, logotypes and pure decoration), and nothing to read aloud.
 */
export function Logo({ inverted = false, decorative = false, className = "" }: { inverted?: boolean; decorative?: boolean; className?: string }) {
  const classes = `logo ${inverted ? "logo--inverted" : ""} ${decorative ? "logo--decorative" : ""} ${className}`;
  if (decorative) {
    return (
      <span className={classes} aria-hidden="true">
        <span className="logo__mark" data-text={house.shortName} />
        <span className="logo__sub" data-text="Couture" />
      </span>
    );
  }
  return (
    <span className={classes}>
      <span className="logo__mark">{house.shortName}</span>
      <span className="logo__sub">Couture</span>
    </span>
  );
}
