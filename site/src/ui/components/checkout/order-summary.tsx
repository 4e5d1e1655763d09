/** The order summary beside the steps: every line at its real quantity and cost, then subtotal, shipping and total as charged. */
import { house } from "@/config/house";
import type { CartLine } from "@/lib/api/types";
import { lineTotal, type Summary } from "@/lib/rules/checkout";
import { formatPrice } from "@/lib/rules/format";
import { sizeLabel } from "@/ui/components/layout/bag-panel";

function SummaryLine({ line }: { line: CartLine }) {
  const image = line.product.productGallery?.[0];
  return (
    <li className="summary-line" data-testid="summary-line">
      <div className="summary-line__image">{image && <img src={image} alt="" width={72} height={96} />}</div>
      <div className="summary-line__body">
        <p className="summary-line__name">{line.product.name}</p>
        <p className="summary-line__facts">
          {[line.category, line.color, line.size && `Size ${sizeLabel(line.size)}`].filter(Boolean).join(" · ")}
        </p>
        <p className="summary-line__facts">
          Qty {line.quantity} × {formatPrice(line.price)}
        </p>
      </div>
      <span className="summary-line__cost">{formatPrice(lineTotal(line))}</span>
    </li>
  );
}

export function OrderSummary({ lines, summary }: { lines: CartLine[]; summary: Summary }) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        ORDER SUMMARY ({summary.count} {summary.count === 1 ? "item" : "items"})
      </h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <SummaryLine key={line.id} line={line} />
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatPrice(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping (Express)</dt>
          <dd data-testid="summary-shipping">{summary.shippingfee === 0 ? "Free" : formatPrice(summary.shippingfee)}</dd>
        </div>
        {summary.tax > 0 && (
          <div>
            <dt>Tax ({summary.taxRate}%)</dt>
            <dd data-testid="summary-tax">{formatPrice(summary.tax)}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatPrice(summary.total)}</dd>
        </div>
      </dl>
      <p className="checkout-summary__notice">Full payment is charged immediately when you place your order.</p>
      <p className="checkout-summary__notice">
        Questions about your order? Call us at <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>.
      </p>
    </aside>
  );
}
