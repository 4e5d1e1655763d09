"use client";
/**
 * A dialog that asks before something is done (money moves, a member is
 * removed): the shop's modal (focus kept inside, Escape closes, focus goes
 * back to the opener), a form inside it, and the confirming button.
 */
import type { FormEvent, ReactNode } from "react";
import { Modal } from "@/ui/components/common/modal";

interface Props {
  open: boolean;
  title: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ open, title, confirm, busy, onConfirm, onClose, children }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm();
  };
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <form className="atelier-form" onSubmit={submit}>
        {children}
        <div className="atelier-row">
          <button type="submit" className="atelier-button atelier-button--main" disabled={busy}>
            {busy ? "Working…" : confirm}
          </button>
          <button type="button" className="atelier-button" onClick={onClose}>
            Keep as it is
          </button>
        </div>
      </form>
    </Modal>
  );
}
