"use client";
import { useState } from "react";
import { SIZE_GUIDE, measure, type Unit } from "@/lib/rules/size-guide";
import { Modal } from "@/ui/components/common/modal";

export function SizeGuideModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [unit, setUnit] = useState<Unit>("cm");
  return (
    <Modal open={open} onClose={onClose} title="SIZE GUIDE" size="lg">
      <div className="unit-toggle" role="group" aria-label="Unit">
        {(["cm", "in"] as const).map((u) => (
          <button key={u} type="button" className={`chip ${unit === u ? "chip--on" : ""}`} aria-pressed={unit === u} onClick={() => setUnit(u)}>
            {u}
          </button>
        ))}
      </div>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div className="table-scroll" role="region" aria-label={`Size guide in ${unit}`} tabIndex={0}>
        <table className="size-table">
          <caption className="visually-hidden">Body measurements in {unit}</caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">US</th>
              <th scope="col">EU/FR</th>
              <th scope="col">Shoulder ({unit})</th>
              <th scope="col">Bust ({unit})</th>
              <th scope="col">Waist ({unit})</th>
              <th scope="col">Hip ({unit})</th>
            </tr>
          </thead>
          <tbody>
            {SIZE_GUIDE.map((r) => (
              <tr key={r.size}>
                <th scope="row">{r.size}</th>
                <td>{r.us}</td>
                <td>{r.eu}</td>
                <td>{measure(r.shoulder, unit)}</td>
                <td>{measure(r.bust, unit)}</td>
                <td>{measure(r.waist, unit)}</td>
                <td>{measure(r.hip, unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
