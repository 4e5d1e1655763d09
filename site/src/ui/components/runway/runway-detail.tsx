"use client";
/** A runway show: film banner, celebrity carousel, description, looks linking to products, campaign film. */
import Link from "next/link";
import { useState } from "react";
import { useRunway } from "@/lib/hooks/use-catalog";
import { usePageId } from "@/lib/hooks/use-route-segments";
import { isActive, productPath } from "@/lib/rules/catalog";
import { SanitizedHtml } from "@/ui/components/common/sanitized-html";
import { VideoModal } from "@/ui/components/common/video-modal";
import { CelebCarousel } from "./celeb-carousel";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { describeRunway } from "@/lib/seo/describe";
import { NoIndex } from "@/lib/seo/no-index";
import { usePageMeta } from "@/lib/seo/use-page-meta";

/** `id`: the show the page was built for; null on the placeholder page, which reads it from the address. */
export function RunwayDetail({ id: built = null }: { id?: string | null }) {
  const id = usePageId("/runway/", built);
  const { item: runway, isLoading } = useRunway(id ?? null);
  const [film, setFilm] = useState<"youtube" | "mp4" | null>(null);
  usePageMeta(runway, describeRunway);
  if (id === undefined || isLoading) return <div className="container section loading" aria-busy="true" />;
  if (!runway || !isActive(runway)) {
    return (
      <p className="empty container section">
        No runway show found.
        <NoIndex />
      </p>
    );
  }
  const celebs = [...runway.celebs].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const looks = runway.galleries.filter(isActive);
  const campaign = runway.banners[1] ?? runway.banners[0];
  return (
    <div className="runway">
      <section className="runway-banner runway-banner--hero">
        {runway.banners[0] && (
          <img
            src={runway.banners[0]}
            srcSet={pictureSrcSet(runway.banners[0])}
            sizes={PICTURE_SIZES.runwayBanner}
            alt={runway.name}
            width={1600}
            height={800}
            fetchPriority="high"
          />
        )}
        <div className="runway-banner__text">
          <h1>{runway.name.toUpperCase()}</h1>
          <button type="button" className="button button--light" onClick={() => setFilm("youtube")}>
            SEE THE FILM
          </button>
        </div>
      </section>
      {celebs.length > 0 && (
        <section className="container section" aria-labelledby="celebs-title">
          <h2 id="celebs-title" className="section-title">
            CELEBRITIES IN {runway.collection.name.toUpperCase() || "THE COLLECTION"}
          </h2>
          <CelebCarousel images={celebs.map((c) => c.image)} name={runway.name} />
        </section>
      )}
      <section className="container section narrow">
        <SanitizedHtml html={runway.description} />
      </section>
      {looks.length > 0 && (
        <section className="container section" aria-labelledby="looks-title">
          <h2 id="looks-title" className="section-title">
            THE LOOKS
          </h2>
          <div className="looks">
            {looks.flatMap((g) =>
              g.image.slice(0, 1).map((src) => (
                <Link key={g.id + src} href={productPath(g.product)} className="looks__item" prefetch={false}>
                  <img
                    src={src}
                    srcSet={pictureSrcSet(src)}
                    sizes={PICTURE_SIZES.looks}
                    alt={`Look from ${runway.name}`}
                    width={600}
                    height={800}
                    loading="lazy"
                  />
                </Link>
              )),
            )}
          </div>
        </section>
      )}
      {campaign && (
        <section className="runway-banner runway-banner--campaign">
          <img
            src={campaign}
            srcSet={pictureSrcSet(campaign)}
            sizes={PICTURE_SIZES.runwayBanner}
            alt={`${runway.name} campaign`}
            width={1600}
            height={800}
            loading="lazy"
          />
          <div className="runway-banner__text">
            <h2>THE CAMPAIGN</h2>
            <button type="button" className="button button--light" onClick={() => setFilm("mp4")}>
              SEE THE FILM
            </button>
          </div>
        </section>
      )}
      <VideoModal
        open={film === "youtube"}
        onClose={() => setFilm(null)}
        title={`${runway.name} — the film`}
        youtubeUrl={runway.youtubeUrl}
        mp4={runway.video}
      />
      <VideoModal open={film === "mp4"} onClose={() => setFilm(null)} title={`${runway.name} — the campaign film`} mp4={runway.video} />
    </div>
  );
}
