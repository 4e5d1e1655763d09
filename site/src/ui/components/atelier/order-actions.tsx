"use client";
/**
 * What a member may do to an order now (the server's `actions`): confirm,
 * ship, mark delivered, resend the confirmation, add a note; where money
 * moves (cancel and refund in full, refund part) a dialog asks first. A
 * refund whose answer the provider lost is shown as unknown, never as done
 * or not done: the reconciler settles it.
 */
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { atelier } from "@/lib/atelier/client";
import { money } from "@/lib/atelier/formats";
import type { OrderDetail, Shipment } from "@/lib/atelier/types";
import { ConfirmDialog } from "./confirm-dialog";
import { useAction } from "./use-action";

export const ACTION_MSG = {
  unknown: "The payment provider's answer was lost: whether the refund went through is unknown. It will be reconciled (see Payments).",
} as const;

/** The moves that take one click and no details: the order's route for each, and what the page says once done. */
const ONE_CLICK = [
  { action: "confirm", route: "confirm", label: "Confirm order", success: "Confirmed: the client is emailed.", main: true },
  { action: "deliver", route: "deliver", label: "Mark delivered", success: "Marked delivered.", main: false },
  { action: "resend", route: "resend-confirmation", label: "Resend confirmation", success: "The confirmation is sent again.", main: false },
] as const;

interface Props {
  order: OrderDetail;
  onChanged: (next: OrderDetail) => void;
  /** Reads the order again (after an answer that carried none). */
  reload: () => void;
}

export function OrderActions({ order, onChanged, reload }: Props) {
  const { busy, run } = useAction();
  const [unknown, setUnknown] = useState<string | null>(null);
  const can = (a: OrderDetail["actions"][number]) => order.actions.includes(a);
  const path = `/orders/${encodeURIComponent(order.id)}`;
  const act = (name: string, route: string, body: unknown, success: string) =>
    run(name, () => atelier.post<OrderDetail>(`${path}/${route}`, body), onChanged, success);
  /** Money moves: a lost answer (502) stays on the page as unknown, and the order is read again. */
  const moveMoney: (name: string, route: string, success: string) => Run = (name, route, success) => (body) => {
    setUnknown(null);
    const work = () =>
      atelier.post<OrderDetail>(`${path}/${route}`, body).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 502) {
          setUnknown(`${ACTION_MSG.unknown} ${e.message}`);
          reload();
        }
        throw e;
      });
    return run(name, work, onChanged, success);
  };
  return (
    <section className="atelier-actions" aria-labelledby="actions-title">
      <h2 id="actions-title" className="visually-hidden">
        Actions
      </h2>
      {unknown && (
        <p className="atelier-error" role="alert" data-testid="refund-unknown">
          {unknown}
        </p>
      )}
      <div className="atelier-row">
        {ONE_CLICK.filter(({ action }) => can(action)).map(({ action, route, label, success, main }) => (
          <button
            key={action}
            type="button"
            className={main ? "atelier-button atelier-button--main" : "atelier-button"}
            disabled={!!busy}
            onClick={() => void act(action, route, {}, success)}
          >
            {label}
          </button>
        ))}
        {can("cancel") && <CancelOrder order={order} busy={busy === "cancel"} run={moveMoney("cancel", "cancel", "Canceled and refunded in full.")} />}
        {can("refund") && <RefundPart order={order} busy={busy === "refund"} run={moveMoney("refund", "refunds", "Refunded.")} />}
      </div>
      {can("ship") && (
        <Ship
          shipped={order.shipment ?? undefined}
          busy={busy === "ship"}
          run={(body) =>
            act("ship", "ship", body, order.shipment ? "Corrected: the client has the new tracking link." : "Shipped: the client has the tracking link.")
          }
        />
      )}
      {can("note") && <Note busy={busy === "note"} run={(body) => act("note", "notes", body, "Note added.")} />}
    </section>
  );
}

type Run = (body: Record<string, unknown>) => Promise<boolean>;

/**
 * Ships a confirmed order; once shipped, the same form (folded, filled with
 * the shipment) corrects a wrong tracking number or link, and the client is
 * sent the corrected one.
 */
function Ship({ shipped, busy, run }: { shipped?: Shipment; busy: boolean; run: Run }) {
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const ok = await run({ carrier: data.get("carrier"), trackingNumber: data.get("trackingNumber"), trackingUrl: data.get("trackingUrl") });
    if (ok && !shipped) form.reset();
  };
  const form = (
    <form key={shipped?.shippedAt ?? "new"} className="atelier-form atelier-form--inline" aria-labelledby="ship-title" onSubmit={(e) => void submit(e)}>
      {!shipped && <h3 id="ship-title">Ship</h3>}
      <label>
        Carrier
        <input name="carrier" required defaultValue={shipped?.carrier} />
      </label>
      <label>
        Tracking number
        <input name="trackingNumber" required defaultValue={shipped?.trackingNumber} />
      </label>
      <label>
        Tracking link
        <input name="trackingUrl" type="url" required placeholder="https://" defaultValue={shipped?.trackingUrl} />
      </label>
      <button type="submit" className="atelier-button" disabled={busy}>
        {shipped ? "Send the corrected tracking" : "Ship"}
      </button>
    </form>
  );
  if (!shipped) return form;
  return (
    <details className="atelier-fold">
      <summary id="ship-title">Correct the shipment</summary>
      {form}
    </details>
  );
}

function Note({ busy, run }: { busy: boolean; run: Run }) {
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (await run({ text: new FormData(form).get("text") })) form.reset();
  };
  return (
    <form className="atelier-form atelier-form--inline" aria-labelledby="note-title" onSubmit={(e) => void submit(e)}>
      <h3 id="note-title">Internal note</h3>
      <label>
        Note (on the timeline only)
        <textarea name="text" required rows={2} />
      </label>
      <button type="submit" className="atelier-button" disabled={busy}>
        Add note
      </button>
    </form>
  );
}

function CancelOrder({ order, busy, run }: { order: OrderDetail; busy: boolean; run: Run }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const left = Number(order.totals.total) - Number(order.totals.refunded);
  return (
    <>
      <button type="button" className="atelier-button atelier-button--danger" onClick={() => setOpen(true)}>
        Cancel and refund in full
      </button>
      <ConfirmDialog
        open={open}
        title={`Cancel ${order.number} and refund ${money(left)}?`}
        confirm={`Refund ${money(left)} and cancel`}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void run({ reason }).then((ok) => ok && setOpen(false))}
      >
        <p>The client is refunded in full through {order.payment?.provider ?? "the provider"}, and the order is canceled.</p>
        <Reason reason={reason} onChange={setReason} />
      </ConfirmDialog>
    </>
  );
}

function RefundPart({ order, busy, run }: { order: OrderDetail; busy: boolean; run: Run }) {
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<"amount" | "lines">("amount");
  const [amount, setAmount] = useState("");
  const [quantities, setQuantities] = useState<number[]>(() => order.lines.map(() => 0));
  const [reason, setReason] = useState("");
  const lines = quantities.flatMap((quantity, line) => (quantity > 0 ? [{ line, quantity }] : []));
  const body = by === "amount" ? { amount, reason } : { lines, reason };
  const what = by === "amount" ? money(amount) : `${lines.reduce((n, l) => n + l.quantity, 0)} piece(s)`;
  return (
    <>
      <button type="button" className="atelier-button" onClick={() => setOpen(true)}>
        Refund part
      </button>
      <ConfirmDialog
        open={open}
        title={`Refund part of ${order.number}?`}
        confirm={`Refund ${what}`}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void run(body).then((ok) => ok && setOpen(false))}
      >
        <fieldset>
          <legend>Refund</legend>
          <label>
            <input type="radio" name="by" checked={by === "amount"} onChange={() => setBy("amount")} /> An amount
          </label>
          <label>
            <input type="radio" name="by" checked={by === "lines"} onChange={() => setBy("lines")} /> Pieces
          </label>
        </fieldset>
        {by === "amount" ? (
          <label>
            Amount (at most {money(Number(order.totals.total) - Number(order.totals.refunded))})
            <input inputMode="decimal" pattern="[0-9]+(\.[0-9]{1,2})?" value={amount} onChange={(e) => setAmount(e.target.value)} required />
          </label>
        ) : (
          order.lines.map((l, i) => (
            <label key={i}>
              {l.name} ({l.size}, {money(l.price)}): pieces to refund
              <input
                type="number"
                min={0}
                max={l.quantity - l.refundedQuantity}
                value={quantities[i] ?? 0}
                onChange={(e) => setQuantities((q) => q.map((v, j) => (j === i ? Number(e.target.value) : v)))}
              />
            </label>
          ))
        )}
        <Reason reason={reason} onChange={setReason} />
      </ConfirmDialog>
    </>
  );
}

/** Why money moves, asked in each refund's dialog and sent with the refund. */
function Reason({ reason, onChange }: { reason: string; onChange: (reason: string) => void }) {
  return (
    <label>
      Reason
      <textarea value={reason} onChange={(e) => onChange(e.target.value)} required rows={2} />
    </label>
  );
}
