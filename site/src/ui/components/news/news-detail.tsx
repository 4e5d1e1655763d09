"use client";
/** A news article: uppercase title and sanitised content; a failed fetch leaves the page empty. */
import { useNews } from "@/lib/hooks/use-catalog";
import { useRouteSegments } from "@/lib/hooks/use-route-segments";
import { NewsDate } from "./news-date";
import { isActive } from "@/lib/rules/catalog";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { describeNews } from "@/lib/seo/describe";
import { NoIndex } from "@/lib/seo/no-index";
import { usePageMeta } from "@/lib/seo/use-page-meta";
import { SanitizedHtml } from "@/ui/components/common/sanitized-html";

export function NewsDetail() {
  const segments = useRouteSegments("/news/");
  const { item: news, isLoading } = useNews(segments?.[0] ?? null);
  usePageMeta(news, describeNews);
  if (segments === null || isLoading) return <div className="container section loading" aria-busy="true" />;
  if (!news || !isActive(news)) {
    return (
      <div className="container section">
        <NoIndex />
      </div>
    );
  }
  return (
    <article className="container section narrow article">
      <time className="news-card__date" dateTime={news.updatedAt || news.createdAt}>
        <NewsDate iso={news.updatedAt || news.createdAt} />
      </time>
      <h1 className="article__title">{news.title.toUpperCase()}</h1>
      {news.poster && (
        <img
          className="article__poster"
          src={news.poster}
          srcSet={pictureSrcSet(news.poster)}
          sizes={PICTURE_SIZES.newsPoster}
          alt={news.title}
          width={1200}
          height={800}
          fetchPriority="high"
        />
      )}
      <SanitizedHtml html={news.content} />
    </article>
  );
}
