"use client";
/** The orders' queue: tabs by state with counts, search, a date filter, newest first (the server's order). */
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { query } from "@/lib/atelier/client";
import { ORDER_STATUS, money, when } from "@/lib/atelier/formats";
import type { OrderCounts, OrderQueue, OrderStatus } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";

const TABS: { status: OrderStatus | ""; label: string; count: (c: OrderCounts) => number }[] = [
  { status: "awaiting_confirmation", label: ORDER_STATUS.awaiting_confirmation, count: (c) => c.awaitingConfirmation },
  { status: "confirmed", label: ORDER_STATUS.confirmed, count: (c) => c.confirmed },
  { status: "pending", label: ORDER_STATUS.pending, count: (c) => c.pending },
  { status: "delivered", label: ORDER_STATUS.delivered, count: (c) => c.delivered },
  { status: "canceled", label: ORDER_STATUS.canceled, count: (c) => c.canceled },
  {
    status: "",
    label: "All",
    count: (c) => c.pending + c.awaitingConfirmation + c.confirmed + c.delivered + c.canceled,
  },
];

export function Orders() {
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [filters, setFilters] = useState({ q: "", from: "", to: "" });
  const queue = useAtelier<OrderQueue>(`/orders${query({ status, ...filters })}`);
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setFilters({ q: String(form.get("q") ?? "").trim(), from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") });
  };
  const counts = queue.data?.counts;
  return (
    <>
      <h1>Orders</h1>
      <form className="atelier-filters" role="search" aria-label="Orders" onSubmit={search}>
        <label>
          Order number, email or name
          <input name="q" type="search" defaultValue={filters.q} />
        </label>
        <label>
          Placed from
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          to
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button type="submit" className="atelier-button">
          Search
        </button>
      </form>
      <div className="atelier-tabs" role="group" aria-label="Order state">
        {TABS.map((t) => (
          <button key={t.label} type="button" aria-pressed={status === t.status} onClick={() => setStatus(t.status)}>
            {t.label}
            {counts && ` (${t.count(counts)})`}
          </button>
        ))}
      </div>
      <LoadState error={queue.error} loading={queue.isLoading}>
        {queue.data?.orders.length === 0 ? (
          <p>No orders here.</p>
        ) : (
          <table className="atelier-table">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Client</th>
                <th scope="col">Pieces</th>
                <th scope="col">Total</th>
                <th scope="col">Refunded</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link href={`/atelier/order/?id=${encodeURIComponent(o.id)}`}>{o.number}</Link>
                  </th>
                  <td>{when(o.placedAt)}</td>
                  <td>
                    {o.client.name}
                    <span className="atelier-muted"> {o.client.email}</span>
                  </td>
                  <td>{o.pieces}</td>
                  <td>{money(o.total)}</td>
                  <td>{Number(o.refunded) ? money(o.refunded) : ""}</td>
                  <td>{ORDER_STATUS[o.status] ?? o.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </>
  );
}
