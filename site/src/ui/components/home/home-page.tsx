"use client";
/** Home: slideshow, contact panel, featured runway, collection series, NEW ARRIVALS, latest news. */
import Link from "next/link";
import { useBanners, useFeaturedRunway, useNewsList, useProducts, useRunways } from "@/lib/hooks/use-catalog";
import { isActive, isNewArrival, runwayPath } from "@/lib/rules/catalog";
import { newestFirst } from "@/lib/rules/format";
import { NewsCard } from "@/ui/components/news/news-list";
import { ProductCarousel } from "@/ui/components/product/product-carousel";
import { CelebCarousel } from "@/ui/components/runway/celeb-carousel";
import { ContactSide } from "./contact-side";
import { Film } from "./film";
import { HeroSlideshow } from "./hero-slideshow";

export const HOME_CAROUSEL_MS = 5000;
export const HOME_NEWS = 3;

export function HomePage() {
  const { items: banners, isLoading: l0 } = useBanners();
  const { items: runways, isLoading: l2 } = useRunways();
  // Asked once the shows are known (the first paint has them), and only if there are any.
  const { item: featured, isLoading: l1 } = useFeaturedRunway(!l2 && runways.length > 0);
  const { items: products, isLoading: l3 } = useProducts();
  const { items: news, isLoading: l4 } = useNewsList();
  // Sections below the banner appear together, so none pushes another down as its data lands.
  const ready = !(l1 || l2 || l3 || l4);
  const series = runways.filter((r) => !r.isFeatured && r.id !== featured?.id);
  const arrivals = products.filter(isNewArrival);
  const latest = newestFirst(news).slice(0, HOME_NEWS);
  // The featured show's image carousel: its looks, else its celebrities.
  const featuredLooks = featured
    ? featured.galleries
        .filter(isActive)
        .flatMap((g) => g.image.slice(0, 1))
        .concat(featured.celebs.map((c) => c.image))
    : [];

  return (
    <div className="home">
      <HeroSlideshow banners={banners} bare={!l0 && banners.length === 0} />
      <ContactSide />
      {!ready && <div className="loading" aria-busy="true" />}
      {ready && featured && isActive(featured) && (
        <section className="section featured" aria-labelledby="featured-title">
          <div className="container featured__grid">
            <div className="featured__text">
              <p className="eyebrow">The runway</p>
              <h2 id="featured-title" className="section-title section-title--left">
                {featured.name.toUpperCase()}
              </h2>
              <Link className="button" href={runwayPath(featured)}>
                Discover More
              </Link>
            </div>
            <Film src={featured.video} poster={featured.banners[0]} label={`${featured.name} film`} />
          </div>
          {featuredLooks.length > 0 && (
            <div className="container featured__carousel">
              <CelebCarousel images={featuredLooks} name={featured.name} label="Looks" />
            </div>
          )}
        </section>
      )}
      {ready && series.length > 0 && (
        <section className="section series" aria-labelledby="series-title">
          <div className="container">
            <h2 id="series-title" className="section-title">
              COLLECTION SERIES
            </h2>
            <div className="series__grid">
              {series.map((r) => (
                <div key={r.id} className="series__item">
                  <Film src={r.video} poster={r.banners[0]} label={`${r.name} film`} />
                  <Link href={runwayPath(r)} className="series__name">
                    {r.name.toUpperCase()}
                  </Link>
                </div>
              ))}
            </div>
          </div>
        </section>
      )}
      {ready && arrivals.length > 0 && (
        <section className="section" aria-labelledby="arrivals-title">
          <div className="container">
            <h2 id="arrivals-title" className="section-title">
              NEW ARRIVALS
            </h2>
            <ProductCarousel products={arrivals} label="New arrivals" autoplayMs={HOME_CAROUSEL_MS} />
            <p className="center">
              <Link className="button button--outline" href="/shop/">
                View All
              </Link>
            </p>
          </div>
        </section>
      )}
      {ready && latest.length > 0 && (
        <section className="section" aria-labelledby="news-title">
          <div className="container">
            <h2 id="news-title" className="section-title">
              NEWS
            </h2>
            <div className="news-grid">
              {latest.map((n) => (
                <NewsCard key={n.id} news={n} />
              ))}
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
