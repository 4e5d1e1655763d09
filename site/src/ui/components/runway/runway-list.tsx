"use client";
/** Active runways as full-width banners with their name and SEE MORE. */
import Link from "next/link";
import { useRunways } from "@/lib/hooks/use-catalog";
import { runwayPath } from "@/lib/rules/catalog";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";

export function RunwayList() {
  const { items, isLoading } = useRunways();
  if (isLoading) return <div className="container section loading" aria-busy="true" />;
  return (
    <div className="runways">
      <h1 className="visually-hidden">Runway</h1>
      {items.length === 0 && <p className="empty container section">No runway shows yet.</p>}
      {items.map((r, i) => (
        <section key={r.id} className="runway-banner">
          {r.banners[0] && (
            <img
              src={r.banners[0]}
              srcSet={pictureSrcSet(r.banners[0])}
              sizes={PICTURE_SIZES.runwayBanner}
              alt={r.name}
              width={1600}
              height={800}
              loading={i === 0 ? "eager" : "lazy"}
            />
          )}
          <div className="runway-banner__text">
            <h2>{r.name.toUpperCase()}</h2>
            <Link className="button button--light" href={runwayPath(r)}>
              SEE MORE
            </Link>
          </div>
        </section>
      ))}
    </div>
  );
}
