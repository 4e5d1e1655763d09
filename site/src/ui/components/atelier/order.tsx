"use client";
/**
 * An order's page: its lines with pictures, totals, address, the payment and
 * what the provider's ledger says now, the shipment, the actions this member
 * may take now (the server's list) and the timeline of everything that happened.
 */
import { useSearchParams } from "next/navigation";
import { ORDER_STATUS, money, providerStatus, when } from "@/lib/atelier/formats";
import type { OrderDetail } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";
import { OrderActions } from "./order-actions";
import { Timeline } from "./timeline";

export function Order() {
  const id = useSearchParams().get("id") ?? "";
  const order = useAtelier<OrderDetail>(id ? `/orders/${encodeURIComponent(id)}` : null);
  if (!id) return <p className="atelier-error">No order is named in this address.</p>;
  return (
    <LoadState error={order.error} loading={order.isLoading}>
      {order.data && <OrderPage order={order.data} onChanged={(next) => void order.mutate(next, { revalidate: false })} reload={() => void order.mutate()} />}
    </LoadState>
  );
}

function OrderPage({ order, onChanged, reload }: { order: OrderDetail; onChanged: (next: OrderDetail) => void; reload: () => void }) {
  return (
    <>
      <h1>
        Order {order.number} <span className="atelier-status">{ORDER_STATUS[order.status] ?? order.status}</span>
      </h1>
      <p className="atelier-muted">
        Placed {when(order.placedAt)} by {order.client.name} ({order.client.email})
      </p>
      <OrderActions order={order} onChanged={onChanged} reload={reload} />
      <section aria-labelledby="lines-title">
        <h2 id="lines-title">Pieces</h2>
        <Lines order={order} />
      </section>
      <div className="atelier-columns">
        <section aria-labelledby="address-title">
          <h2 id="address-title">Shipping address</h2>
          <Address address={order.shippingAddress} />
        </section>
        <section aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          <Payment order={order} />
        </section>
        <section aria-labelledby="shipment-title">
          <h2 id="shipment-title">Shipment</h2>
          {order.shipment ? (
            <p>
              {order.shipment.carrier} · {order.shipment.trackingNumber} · shipped {when(order.shipment.shippedAt)}
              <br />
              <a href={order.shipment.trackingUrl} rel="noreferrer" target="_blank">
                Tracking link
              </a>
            </p>
          ) : (
            <p>Not shipped.</p>
          )}
        </section>
      </div>
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <Timeline entries={order.timeline} />
      </section>
    </>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  const { totals } = order;
  return (
    <table className="atelier-table">
      <thead>
        <tr>
          <th scope="col">Picture</th>
          <th scope="col">Piece</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price</th>
          <th scope="col">Refunded</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l, i) => (
          <tr key={i}>
            <td>{l.picture && <img src={l.picture} alt="" width={48} height={64} loading="lazy" />}</td>
            <th scope="row">
              {l.name}
              <span className="atelier-muted"> {[l.category, l.color, l.size].filter(Boolean).join(" · ")}</span>
            </th>
            <td>{l.quantity}</td>
            <td>{money(l.price)}</td>
            <td>{l.refundedQuantity || ""}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <Total label="Subtotal" amount={totals.subtotal} />
        <Total label="Shipping" amount={totals.shippingfee} />
        {Number(totals.tax) > 0 && <Total label="Tax" amount={totals.tax} />}
        <Total label="Total" amount={totals.total} />
        {Number(totals.refunded) > 0 && <Total label="Refunded" amount={totals.refunded} />}
      </tfoot>
    </table>
  );
}

function Total({ label, amount }: { label: string; amount: OrderDetail["totals"]["total"] }) {
  return (
    <tr>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td colSpan={2}>{money(amount)}</td>
    </tr>
  );
}

function Address({ address }: { address: OrderDetail["shippingAddress"] }) {
  if (!address) return <p>None given.</p>;
  const a = address;
  const lines = [[a.title, a.firstName, a.lastName], [a.street], [a.city, a.state, a.zipCode], [a.country], [a.phoneCode, a.phone]].map((parts) =>
    parts.filter(Boolean).join(" "),
  );
  return (
    <address>
      {lines.filter(Boolean).map((line, i) => (
        <span key={i}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

function Payment({ order }: { order: OrderDetail }) {
  const { payment, ledger } = order;
  if (!payment) return <p>No payment.</p>;
  return (
    <dl className="atelier-facts">
      <dt>Provider</dt>
      <dd>
        {payment.provider} {payment.method && `(${payment.method})`}
      </dd>
      <dt>Reference</dt>
      <dd>{payment.reference}</dd>
      <dt>Amount</dt>
      <dd>
        {money(payment.amount)} · <span title={payment.status}>{providerStatus(payment.status)}</span>
      </dd>
      <dt>The provider&apos;s ledger</dt>
      <dd data-testid="ledger">
        <LedgerNow ledger={ledger} />
      </dd>
    </dl>
  );
}

/** What the provider's ledger says now, or why it could not be asked. */
function LedgerNow({ ledger }: { ledger: OrderDetail["ledger"] | null }) {
  if (!ledger) return "Not asked.";
  if ("error" in ledger) return `Could not be read: ${ledger.error}`;
  return `${providerStatus(ledger.status)} · ${money(ledger.amount)} taken, ${money(ledger.refunded)} refunded (checked ${when(ledger.checkedAt)})`;
}
