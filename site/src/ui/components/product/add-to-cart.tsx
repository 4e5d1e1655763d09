"use client";
/** Category, colour, size and quantity selects, ADD TO CART with the colour rule, wishlist, CUSTOM TO ORDER and SIZE GUIDE; a piece made to order only is requested instead. */
import dynamic from "next/dynamic";
import { useState } from "react";
import { mutate } from "swr";
import { ApiError, ok, shop } from "@/lib/api/client";
import type { Product } from "@/lib/api/types";
import { CART_KEY } from "@/lib/hooks/use-cart";
import { useWishlist } from "@/lib/hooks/use-wishlist";
import { CART_ADDED, CART_FAILED, CART_LOGIN, SET, cartBody, categoryChoices, unitPrice, validateChoice } from "@/lib/rules/add-to-cart";
import { formatPrice } from "@/lib/rules/format";
import { HeartIcon } from "@/ui/components/common/icons";
import { notify } from "@/ui/components/common/notify";
import { StatusBanner, useTimedStatus } from "@/ui/components/common/status-banner";

const SizeGuideModal = dynamic(() => import("./size-guide-modal").then((m) => m.SizeGuideModal), { ssr: false });
const MadeToOrderModal = dynamic(() => import("@/ui/components/made-to-order/made-to-order-modal").then((m) => m.MadeToOrderModal), { ssr: false });

export const MADE_TO_ORDER_ONLY = "Made to order only: we make this piece to your measurements. Send us a request and our atelier will contact you.";

export function AddToCart({ product }: { product: Product }) {
  return product.madeToOrder ? <RequestPiece product={product} /> : <BuyPiece product={product} />;
}

/** A piece made to order only: its price and parts, and the made-to-order request, no bag. */
function RequestPiece({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="buy">
      <p className="buy__price">{formatPrice(product.price)}</p>
      <SetItems product={product} />
      <p className="buy__note">{MADE_TO_ORDER_ONLY}</p>
      <div className="buy__actions">
        <button type="button" className="button button--block" onClick={() => setOpen(true)}>
          CUSTOM TO ORDER
        </button>
        <WishButton productId={product.id} />
      </div>
      {open && <MadeToOrderModal open productName={product.name} onClose={() => setOpen(false)} />}
    </div>
  );
}

function SetItems({ product }: { product: Product }) {
  if (!product.items || product.items.length === 0) return null;
  return (
    <ul className="buy__items" aria-label="Pieces of the set">
      {product.items.map((item) => (
        <li key={item.name}>
          <span>{item.name}</span>
          <span>{formatPrice(item.price)}</span>
        </li>
      ))}
    </ul>
  );
}

function BuyPiece({ product }: { product: Product }) {
  const choices = categoryChoices(product);
  const [category, setCategory] = useState(choices.length ? SET : "");
  const [color, setColor] = useState("");
  const [size, setSize] = useState("");
  // Kept as typed (it may be empty while the shopper types); read as at least 1 when added.
  const [quantity, setQuantity] = useState("1");
  const [colorError, setColorError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useTimedStatus();
  const [modal, setModal] = useState<"size" | "custom" | null>(null);

  const add = async () => {
    const choice = { category, color, size, quantity: Math.max(1, Math.floor(Number(quantity)) || 1) };
    const error = validateChoice(choice);
    setColorError(error);
    if (error) return;
    setBusy(true);
    try {
      await ok(shop.POST("/api/cart/add", { body: cartBody(product, choice) }));
      setStatus({ kind: "success", text: CART_ADDED });
      void mutate(CART_KEY);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) notify.product(CART_LOGIN, "info");
      else {
        console.error("add to cart failed", e);
        setStatus({ kind: "error", text: CART_FAILED });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="buy">
      <p className="buy__price">{formatPrice(unitPrice(product, category))}</p>
      <SetItems product={product} />
      <div className="buy__selects">
        {choices.length > 0 && <Select label="Category" value={category} options={choices} onChange={setCategory} />}
        <label className="field">
          <span className="field__label">Color</span>
          <select
            value={color}
            aria-invalid={Boolean(colorError)}
            aria-describedby={colorError ? "color-error" : undefined}
            onChange={(e) => {
              setColor(e.target.value);
              if (e.target.value) setColorError(null);
            }}
          >
            <Options options={product.color} placeholder="Select a color" />
          </select>
          {colorError && (
            <span id="color-error" className="field__error" role="alert">
              {colorError}
            </span>
          )}
        </label>
        <Select label="Size" value={size} options={product.size} onChange={setSize} placeholder="Select a size" />
        <label className="field field--qty">
          <span className="field__label">Quantity</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value.replace(/[^0-9]/g, ""))}
            onBlur={() => setQuantity(String(Math.max(1, Math.floor(Number(quantity)) || 1)))}
          />
        </label>
      </div>
      <button type="button" className="text-link buy__guide" onClick={() => setModal("size")}>
        SIZE GUIDE
      </button>
      <div className="buy__actions">
        <button type="button" className="button button--block" onClick={add} disabled={busy}>
          {busy ? "Loading..." : "ADD TO CART"}
        </button>
        <WishButton productId={product.id} />
      </div>
      <StatusBanner status={status} />
      <button type="button" className="button button--outline button--block" onClick={() => setModal("custom")}>
        CUSTOM TO ORDER
      </button>
      {modal === "size" && <SizeGuideModal open onClose={() => setModal(null)} />}
      {modal === "custom" && <MadeToOrderModal open productName={product.name} onClose={() => setModal(null)} />}
    </div>
  );
}

/** The wishlist toggle beside the piece's main action; pressed (and red) when wished. */
function WishButton({ productId }: { productId: string }) {
  const wishlist = useWishlist();
  const wished = wishlist.has(productId);
  return (
    <button
      type="button"
      className={`button button--outline button--icon ${wished ? "is-wished" : ""}`}
      aria-pressed={wished}
      aria-label={wished ? "Remove from wishlist" : "Add to wishlist"}
      onClick={() => wishlist.toggle(productId)}
    >
      <HeartIcon filled={wished} />
    </button>
  );
}

interface SelectProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A labelled select of plain choices, each its own value. */
function Select({ label, value, options, onChange, placeholder }: SelectProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <Options options={options} placeholder={placeholder} />
      </select>
    </label>
  );
}

/** The choices, after an empty first one when a placeholder names it. */
function Options({ options, placeholder }: { options: readonly string[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </>
  );
}
