import type { Metadata } from "next";
import { builtId, PLACEHOLDER } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { isActive } from "@/lib/rules/catalog";
import { builtNews, builtNewsList, origin } from "@/lib/seo/catalog";
import { newsCrumbs } from "@/lib/seo/crumbs";
import { breadcrumbLd, newsArticleLd } from "@/lib/seo/json-ld";
import { JsonLdScript } from "@/lib/seo/json-ld-script";
import { newsMetadata } from "@/lib/seo/metadata";
import { NewsDetail } from "@/ui/components/news/news-detail";

interface Props {
  params: Promise<{ id: string }>;
}

/**
 * A page per article the build knows (so each has its own head), and one
 * placeholder for the others; either reads the id from the address, and the
 * build's copy of the article spares the first request.
 */
export function generateStaticParams() {
  return [PLACEHOLDER, ...builtNewsList().map(({ id, slug }) => ({ id, slug: slug || "article" }))];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = builtId((await params).id);
  return newsMetadata(id ? builtNews(id) : undefined);
}

export default async function Page({ params }: Props) {
  const id = builtId((await params).id);
  const news = id ? builtNews(id) : undefined;
  return (
    <>
      <CatalogFallback fallback={news ? { [`/news/${encodeURIComponent(news.id)}`]: news } : {}}>
        <NewsDetail />
      </CatalogFallback>
      {news && isActive(news) && <JsonLdScript data={[newsArticleLd(news, origin), breadcrumbLd(newsCrumbs(news), origin)]} />}
    </>
  );
}
