"use client";
/** The heart: toggles the wishlist without following the card's link; red when wished. */
import { HeartIcon } from "@/ui/components/common/icons";

interface Props {
  active: boolean;
  name: string;
  onToggle: () => void;
  className?: string;
}

export function WishlistHeart({ active, name, onToggle, className = "" }: Props) {
  return (
    <button
      type="button"
      className={`heart ${active ? "heart--active" : ""} ${className}`}
      aria-pressed={active}
      aria-label={active ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
    >
      <HeartIcon filled={active} />
    </button>
  );
}
