"use client";
/**
 * My Orders: date filter (Today, Last 7 days, Last 30 days, custom range on a
 * calendar), status tabs with counts, order cards with coloured statuses and
 * Confirm delivery for confirmed orders (then the list reloads). Every
 * amount is the server's (the order's own total), never added up here, and
 * so is the order's number (as its emails and invoice print it). A shipped
 * order shows its carrier and tracking link.
 */
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { ok, shop } from "@/lib/api/client";
import { useOrders } from "@/lib/hooks/use-orders";
import { formatPrice, formatShipping } from "@/lib/rules/format";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import {
  DATE_PRESETS,
  STATUS_COLORS,
  STATUS_TABS,
  countByStatus,
  inRange,
  presetRange,
  statusLabel,
  type DatePreset,
  type DateRange,
  type StatusTab,
} from "@/lib/rules/order-dates";
import { sizeLabel } from "@/ui/components/layout/bag-panel";
import { notify } from "@/ui/components/common/notify";
import { MESSAGES } from "@/lib/messages";
import type { Order } from "@/lib/api/types";

const RangeCalendar = dynamic(() => import("./range-calendar").then((m) => m.RangeCalendar), { ssr: false });

export const ORDER_MSG = {
  empty: "No orders found",
  confirmed: MESSAGES.order.CONFIRMED_BY_CUSTOMER,
  failed: MESSAGES.order.CONFIRM_FAILED,
} as const;

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });

export function MyOrders() {
  const { data, mutate, isLoading } = useOrders();
  const [preset, setPreset] = useState<DatePreset>("all");
  const [custom, setCustom] = useState<DateRange | null>(null);
  const [calendar, setCalendar] = useState(false);
  const [tab, setTab] = useState<StatusTab>("all");
  const [busy, setBusy] = useState<string | null>(null);

  const range = presetRange(preset, new Date(), custom);
  const dated = useMemo(() => (data ?? []).filter((o) => inRange(o.createdAt, range)), [data, range]);
  const counts = countByStatus(dated);
  const shown = tab === "all" ? dated : dated.filter((o) => o.status === tab);

  const choosePreset = (value: DatePreset) => {
    setPreset(value);
    setCustom(null);
    setCalendar(value === "custom");
  };

  const confirm = async (id: string) => {
    setBusy(id);
    try {
      const body = await ok(shop.POST("/api/orders/customer-confirm-fe/{id}", { params: { path: { id } } }));
      if (body && body.success) {
        notify.show(ORDER_MSG.confirmed, "success");
        await mutate();
      } else notify.show(ORDER_MSG.failed, "error");
    } catch {
      notify.show(ORDER_MSG.failed, "error");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <h1 className="account__title">MY ORDERS</h1>
      <div className="orders__filters">
        <label className="field orders__date">
          <span className="field__label">Date</span>
          <select value={preset} onChange={(e) => choosePreset(e.target.value as DatePreset)} aria-label="Date filter">
            {DATE_PRESETS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.value === "custom" && custom ? `${dateFormat.format(custom.from)} – ${dateFormat.format(custom.to)}` : p.label}
              </option>
            ))}
          </select>
        </label>
        {preset === "custom" && !calendar && (
          <button type="button" className="text-link" onClick={() => setCalendar(true)}>
            Change dates
          </button>
        )}
      </div>
      {calendar && (
        <div className="orders__calendar" data-testid="orders-calendar">
          <RangeCalendar
            onRange={(range) => {
              setCustom(range);
              setCalendar(false);
            }}
          />
        </div>
      )}
      <div className="tabs" role="tablist" aria-label="Order status">
        {STATUS_TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            aria-selected={tab === t.value}
            className={tab === t.value ? "tabs__tab is-on" : "tabs__tab"}
            onClick={() => setTab(t.value)}
          >
            {t.label} ({counts[t.value]})
          </button>
        ))}
      </div>
      {isLoading ? null : shown.length === 0 ? (
        <p className="muted">{ORDER_MSG.empty}</p>
      ) : (
        <ul className="order-list">
          {shown.map((o) => (
            <li key={o.id} className="order-card" data-testid="order-card">
              <div className="spread-row">
                <span>
                  Order <strong data-testid="order-number">{o.number}</strong> · {dateFormat.format(new Date(o.createdAt))}
                </span>
                <span className={`status status--${STATUS_COLORS[o.status] ?? "grey"}`}>{statusLabel(o.status)}</span>
              </div>
              <ul className="order-card__items">
                {o.items.map((item, i) => (
                  <li key={i}>
                    {item.product.productGallery?.[0] && (
                      <img
                        src={item.product.productGallery[0]}
                        srcSet={pictureSrcSet(item.product.productGallery[0])}
                        sizes={PICTURE_SIZES.orderThumb}
                        alt=""
                        width={56}
                        height={74}
                      />
                    )}
                    <span>
                      <strong>{item.product.name}</strong>
                      <span className="muted">{[item.category, item.color, sizeLabel(item.size)].filter(Boolean).join(" · ")}</span>
                      <span>
                        {item.quantity} × {formatPrice(item.price)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <ShipmentLine order={o} />
              <div className="spread-row">
                <span>
                  Subtotal {formatPrice(o.subtotal)} · Shipping {formatShipping(o.shippingfee)}
                  {o.tax ? ` · Tax ${formatPrice(o.tax)}` : ""} · <strong data-testid="order-total">Total {formatPrice(o.total)}</strong>
                </span>
                {o.status === "confirmed" && (
                  <button type="button" className="button" disabled={busy === o.id} onClick={() => void confirm(o.id)}>
                    {busy === o.id ? "Loading..." : "Confirm delivery"}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The shipment the house recorded for an order (from the atelier console), once it has one. */
function ShipmentLine({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <p className="order-card__shipment" data-testid="order-shipment">
      Shipped {dateFormat.format(new Date(shipment.shippedAt))} with {shipment.carrier} ·{" "}
      <a className="text-link" href={shipment.trackingUrl} target="_blank" rel="noreferrer">
        Track the parcel ({shipment.trackingNumber})
      </a>
    </p>
  );
}
