"use client";
/** Active news, newest first: poster, last-updated date-time, uppercase title, description. */
import Link from "next/link";
import { useNewsList } from "@/lib/hooks/use-catalog";
import { newsPath } from "@/lib/rules/catalog";
import { NewsDate } from "./news-date";
import { newestFirst } from "@/lib/rules/format";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import type { News } from "@/lib/api/types";
import { PageTitle } from "@/ui/components/common/page-title";

export const EMPTY_NEWS = "No news articles have been posted yet.";

export function NewsCard({ news, eager = false }: { news: News; eager?: boolean }) {
  return (
    <article className="news-card">
      <Link href={newsPath(news)} className="news-card__link">
        {news.poster && (
          <img
            src={news.poster}
            srcSet={pictureSrcSet(news.poster)}
            sizes={PICTURE_SIZES.newsCard}
            alt={news.title}
            width={800}
            height={533}
            loading={eager ? "eager" : "lazy"}
          />
        )}
        <time dateTime={news.updatedAt || news.createdAt} className="news-card__date">
          <NewsDate iso={news.updatedAt || news.createdAt} />
        </time>
        <h2 className="news-card__title">{news.title.toUpperCase()}</h2>
        <p className="news-card__desc">{news.description}</p>
      </Link>
    </article>
  );
}

export function NewsList() {
  const { items, isLoading } = useNewsList();
  return (
    <div className="container section">
      <PageTitle>NEWS</PageTitle>
      {isLoading ? (
        <div className="loading" aria-busy="true" />
      ) : items.length === 0 ? (
        <p className="empty">{EMPTY_NEWS}</p>
      ) : (
        <div className="news-grid">
          {newestFirst(items).map((n, i) => (
            <NewsCard key={n.id} news={n} eager={i < 2} />
          ))}
        </div>
      )}
    </div>
  );
}
