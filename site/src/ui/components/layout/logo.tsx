import { useHouse } from "@/lib/hooks/use-house";

/**
 * The house's wordmark: its logo picture when it gives one, else its short name's letters. `inverted` draws it white for black backgrounds. `decorative` draws the
 * letters from CSS (no text in the page): a wordmark repeated as a pattern is decoration, with no
 * contrast requirement (WCAG 1.4.3, logotypes and pure decoration), and nothing to read aloud.
 */
export function Logo({ inverted = false, decorative = false, className = "" }: { inverted?: boolean; decorative?: boolean; className?: string }) {
  const { house } = useHouse();
  const shortName = house?.shortName ?? "";
  const classes = `logo ${inverted ? "logo--inverted" : ""} ${decorative ? "logo--decorative" : ""} ${className}`;
  if (house?.logo) {
    return (
      <span className={classes} aria-hidden={decorative || undefined}>
        <img className="logo__picture" src={house.logo} alt={decorative ? "" : house.name} height={40} />
      </span>
    );
  }
  if (decorative) {
    return (
      <span className={classes} aria-hidden="true">
        <span className="logo__mark" data-text={shortName} />
        <span className="logo__sub" data-text="Couture" />
      </span>
    );
  }
  return (
    <span className={classes}>
      <span className="logo__mark">{shortName}</span>
      <span className="logo__sub">Couture</span>
    </span>
  );
}
