"use client";
/** Payments needing attention: being confirmed, unresolved by the reconciler, pending at PayPal, refunds whose answer was lost; with what the reconciler found. */
import Link from "next/link";
import { when } from "@/lib/atelier/formats";
import type { PaymentAttention } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";

export const PAYMENT_STATE: Record<PaymentAttention["state"], string> = {
  confirming: "Being confirmed",
  unknown: "Unknown: the reconciler has not settled it",
  "pending-at-paypal": "Pending at PayPal",
  "refund-unknown": "Refund unknown: the provider's answer was lost",
};

export function Payments() {
  const list = useAtelier<{ payments: PaymentAttention[] }>("/payments/attention");
  return (
    <>
      <h1>Payments needing attention</h1>
      <LoadState error={list.error} loading={list.isLoading}>
        {list.data?.payments.length === 0 ? (
          <p>Nothing needs attention.</p>
        ) : (
          <table className="atelier-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Provider</th>
                <th scope="col">Reference</th>
                <th scope="col">State</th>
                <th scope="col">Since</th>
                <th scope="col">What the reconciler found</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.payments.map((p, i) => (
                <tr key={`${p.reference ?? ""}${i}`}>
                  <th scope="row">
                    {p.orderId ? <Link href={`/atelier/order/?id=${encodeURIComponent(p.orderId)}`}>{p.number ?? p.orderId}</Link> : "No order"}
                  </th>
                  <td>{p.provider}</td>
                  <td>{p.reference}</td>
                  <td>{PAYMENT_STATE[p.state] ?? p.state}</td>
                  <td>{when(p.since)}</td>
                  <td>{p.found}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </>
  );
}
