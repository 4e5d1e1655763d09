import { house } from "@/config/house";

/** The house's wordmark. `inverted` draws it white for black backgrounds. */
export function Logo({ inverted = false, className = "" }: { inverted?: boolean; className?: string }) {
  return (
    <span className={`logo ${inverted ? "logo--inverted" : ""} ${className}`}>
      <span className="logo__mark">{house.shortName}</span>
      <span className="logo__sub">Couture</span>
    </span>
  );
}
