"use client";
/**
 * SHOPPING BAG: the signed-in shopper's lines (image, name, category, colour,
 * size, a stepper that never goes below 1, remove, line cost at the current
 * price), the server's quote, PROCEED TO CHECKOUT. A line whose product was
 * withdrawn says so, keeps its remove button and holds the checkout back
 * until it is removed. A line opens its product. Visitors see the empty bag
 * and LOGIN.
 */
import Link from "next/link";
import type { CartLine } from "@/lib/api/types";
import { useCart } from "@/lib/hooks/use-cart";
import { productPath } from "@/lib/rules/catalog";
import { BAG_MSG, hasUnavailable, lineTotal } from "@/lib/rules/checkout";
import { formatPrice } from "@/lib/rules/format";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { QuoteTotals } from "@/ui/components/checkout/quote-totals";
import { CloseIcon } from "@/ui/components/common/icons";
import { Drawer } from "./drawer";
import { usePanels } from "./panels";

export const sizeLabel = (size?: string) => (size?.toLowerCase() === "custom" ? "Custom" : (size ?? ""));

function BagLine({
  line,
  onNavigate,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  onNavigate: () => void;
  onQuantity: (q: number) => void;
  onRemove: () => void;
}) {
  const href = productPath(line.product);
  return (
    <li className={line.available ? "bag-line" : "bag-line bag-line--unavailable"} data-testid="bag-line">
      <Link href={href} onClick={onNavigate} className="bag-line__image" tabIndex={-1} aria-hidden="true">
        {line.product.productGallery?.[0] && (
          <img
            src={line.product.productGallery[0]}
            srcSet={pictureSrcSet(line.product.productGallery[0])}
            sizes={PICTURE_SIZES.bagThumb}
            alt=""
            width={84}
            height={112}
          />
        )}
      </Link>
      <div className="bag-line__body">
        <Link href={href} onClick={onNavigate} className="bag-line__name">
          {line.product.name}
        </Link>
        <dl className="bag-line__facts">
          {line.category && (
            <div>
              <dt>Category</dt>
              <dd>{line.category}</dd>
            </div>
          )}
          {line.color && (
            <div>
              <dt>Color</dt>
              <dd>{line.color}</dd>
            </div>
          )}
          {line.size && (
            <div>
              <dt>Size</dt>
              <dd>{sizeLabel(line.size)}</dd>
            </div>
          )}
        </dl>
        {line.available ? (
          <div className="bag-line__row">
            <div className="stepper" role="group" aria-label={`Quantity of ${line.product.name}`}>
              <button type="button" aria-label="Decrease quantity" disabled={line.quantity <= 1} onClick={() => onQuantity(line.quantity - 1)}>
                −
              </button>
              <output aria-label="Quantity">{line.quantity}</output>
              <button type="button" aria-label="Increase quantity" onClick={() => onQuantity(line.quantity + 1)}>
                +
              </button>
            </div>
            <span className="bag-line__cost">{formatPrice(lineTotal(line))}</span>
          </div>
        ) : (
          <p className="bag-line__unavailable">{BAG_MSG.unavailable}</p>
        )}
      </div>
      <button type="button" className="icon-button bag-line__remove" aria-label={`Remove ${line.product.name}`} onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}

export function BagPanel() {
  const { open, close, toggle } = usePanels();
  const isOpen = open === "bag";
  const { cart, lines, signedIn, setQuantity, remove } = useCart(isOpen);
  const blocked = hasUnavailable(lines);
  return (
    <Drawer open={isOpen} side="right" label="Shopping bag" onClose={close}>
      <div className="bag-panel">
        <h2 className="panel-title">SHOPPING BAG ({cart.count})</h2>
        {lines.length === 0 ? (
          <>
            <p className="muted">Your shopping cart is empty.</p>
            {!signedIn && (
              <button type="button" className="button button--outline button--block" onClick={() => toggle("account")}>
                LOGIN
              </button>
            )}
          </>
        ) : (
          <>
            <ul className="bag-panel__lines">
              {lines.map((line) => (
                <BagLine key={line.id} line={line} onNavigate={close} onQuantity={(q) => void setQuantity(line.id, q)} onRemove={() => void remove(line.id)} />
              ))}
            </ul>
            {cart.quote && <QuoteTotals quote={cart.quote} prefix="bag" className="bag-panel__totals" totalClassName="bag-panel__total" />}
            {blocked ? (
              <>
                <p className="bag-panel__blocked" role="alert" id="bag-blocked">
                  {BAG_MSG.removeUnavailable}
                </p>
                <button type="button" className="button button--block" disabled aria-describedby="bag-blocked">
                  PROCEED TO CHECKOUT
                </button>
              </>
            ) : (
              <Link className="button button--block" href="/checkout/" onClick={close}>
                PROCEED TO CHECKOUT
              </Link>
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
