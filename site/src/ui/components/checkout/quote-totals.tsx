/**
 * The server's quote as the bag and the order summary show it: subtotal,
 * Express shipping (Free at 0), tax when there is any, and the total. Only
 * formatting: every figure is the server's, nothing is added up here.
 */
import type { Quote } from "@/lib/api/types";
import { formatPrice, formatShipping } from "@/lib/rules/format";

interface Props {
  quote: Quote;
  /** `summary` or `bag`: the test ids are `{prefix}-subtotal`, `-shipping`, `-tax`, `-total`. */
  prefix: string;
  className: string;
  totalClassName: string;
}

export function QuoteTotals({ quote, prefix, className, totalClassName }: Props) {
  return (
    <dl className={className} data-testid={`${prefix}-quote`}>
      <div>
        <dt>Subtotal</dt>
        <dd data-testid={`${prefix}-subtotal`}>{formatPrice(quote.subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping (Express)</dt>
        <dd data-testid={`${prefix}-shipping`}>{formatShipping(quote.shippingfee)}</dd>
      </div>
      {quote.tax > 0 && (
        <div>
          <dt>Tax</dt>
          <dd data-testid={`${prefix}-tax`}>{formatPrice(quote.tax)}</dd>
        </div>
      )}
      <div className={totalClassName}>
        <dt>Total</dt>
        <dd data-testid={`${prefix}-total`}>{formatPrice(quote.total)}</dd>
      </div>
    </dl>
  );
}
