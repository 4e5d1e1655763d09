/**
 * The order summary beside the steps: every line at its real quantity and
 * current price, then the server's quote (subtotal, shipping, tax, total) as
 * it will be charged. A withdrawn product's line says so and can be removed
 * here; it is outside the quote.
 */
import type { CartLine } from "@/lib/api/types";
import type { Cart } from "@/lib/hooks/use-cart";
import { BAG_MSG, lineTotal } from "@/lib/rules/checkout";
import { formatPrice } from "@/lib/rules/format";
import { useHouse } from "@/lib/hooks/use-house";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { sizeLabel } from "@/ui/components/layout/bag-panel";
import { QuoteTotals } from "./quote-totals";

function SummaryLine({ line, onRemove }: { line: CartLine; onRemove: () => void }) {
  const image = line.product.productGallery?.[0];
  return (
    <li className={line.available ? "summary-line" : "summary-line summary-line--unavailable"} data-testid="summary-line">
      <div className="summary-line__image">
        {image && <img src={image} srcSet={pictureSrcSet(image)} sizes={PICTURE_SIZES.summaryThumb} alt="" width={72} height={96} />}
      </div>
      <div className="summary-line__body">
        <p className="summary-line__name">{line.product.name}</p>
        <p className="summary-line__facts">{[line.category, line.color, line.size && `Size ${sizeLabel(line.size)}`].filter(Boolean).join(" · ")}</p>
        {line.available ? (
          <p className="summary-line__facts">
            Qty {line.quantity} × {formatPrice(line.price)}
          </p>
        ) : (
          <p className="summary-line__unavailable">
            {BAG_MSG.unavailable}{" "}
            <button type="button" className="text-link" aria-label={`Remove ${line.product.name}`} onClick={onRemove}>
              Remove
            </button>
          </p>
        )}
      </div>
      {line.available && <span className="summary-line__cost">{formatPrice(lineTotal(line))}</span>}
    </li>
  );
}

export function OrderSummary({ cart, onRemove }: { cart: Cart; onRemove: (id: string) => void }) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        ORDER SUMMARY ({cart.count} {cart.count === 1 ? "item" : "items"})
      </h2>
      <ul className="checkout-summary__lines">
        {cart.lines.map((line) => (
          <SummaryLine key={line.id} line={line} onRemove={() => onRemove(line.id)} />
        ))}
      </ul>
      {cart.quote && <QuoteTotals quote={cart.quote} prefix="summary" className="checkout-summary__totals" totalClassName="checkout-summary__total" />}
      <p className="checkout-summary__notice">Full payment is charged immediately when you place your order.</p>
      <CallUs />
    </aside>
  );
}

/** The house's phone for questions about the order, when the house gives one. */
function CallUs() {
  const { house } = useHouse();
  if (!house?.phone.e164) return null;
  return (
    <p className="checkout-summary__notice">
      Questions about your order? Call us at <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>.
    </p>
  );
}
