import type { ReactNode } from "react";

/** The uppercase page heading with an optional line under it. */
export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="page-title">
      <h1>{children}</h1>
      {sub && <p className="page-title__sub">{sub}</p>}
    </div>
  );
}
