"use client";
/**
 * SHOPPING BAG: the signed-in shopper's cart lines with their cost. Editing
 * lines and checkout belong to the shopping release; visitors see the empty
 * bag and the sign-in invitation.
 */
import Link from "next/link";
import useSWR from "swr";
import { ApiError, api, unwrapList } from "@/lib/api/client";
import { hasSessionHint } from "@/lib/hooks/use-session";
import { formatPrice } from "@/lib/rules/format";
import { productPath } from "@/lib/rules/catalog";
import { Drawer } from "./drawer";
import { usePanels } from "./panels";

interface CartLine {
  id: string;
  product: { id: string; slug: string; name: string; productGallery?: string[] };
  category?: string;
  color?: string;
  size?: string;
  quantity: number;
  price: number;
}

async function fetchCart(): Promise<CartLine[]> {
  try {
    return unwrapList<CartLine>(await api.get("/cart"));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("GET /cart failed", error);
    return [];
  }
}

export function BagPanel() {
  const { open, close, toggle } = usePanels();
  const isOpen = open === "bag";
  const { data } = useSWR(isOpen && hasSessionHint() ? "/cart" : null, fetchCart);
  const lines = data ?? [];
  return (
    <Drawer open={isOpen} side="right" label="Shopping bag" onClose={close}>
      <div className="bag-panel">
        <h2 className="panel-title">SHOPPING BAG ({lines.length})</h2>
        {lines.length === 0 ? (
          <>
            <p className="muted">Your shopping cart is empty.</p>
            {!hasSessionHint() && (
              <button type="button" className="button button--outline button--block" onClick={() => toggle("account")}>
                LOGIN
              </button>
            )}
          </>
        ) : (
          <>
            <ul className="bag-panel__lines">
              {lines.map((line) => (
                <li key={line.id} className="bag-line">
                  <Link href={productPath(line.product)} onClick={close} className="bag-line__link">
                    {line.product.productGallery?.[0] && <img src={line.product.productGallery[0]} alt={line.product.name} width={72} height={96} />}
                    <span>
                      <strong>{line.product.name}</strong>
                      <span className="muted">
                        {[line.category, line.color, line.size === "custom" ? "Custom" : line.size].filter(Boolean).join(" · ")}
                      </span>
                      <span>
                        {line.quantity} × {formatPrice(line.price)} = {formatPrice(line.price * line.quantity)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link className="button button--block" href="/checkout/" onClick={close}>
              PROCEED TO CHECKOUT
            </Link>
          </>
        )}
      </div>
    </Drawer>
  );
}
