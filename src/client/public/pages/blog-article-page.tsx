/** /blog/{slug}: one article, its body rendered from Markdown at build time, with related posts. */
import { lazy, Suspense, type ComponentType } from "react";
import { Link } from "wouter";
import { ArrowLeft } from "lucide-react";
import { relatedArticles, type BlogArticleMeta } from "@shared/content/blog";
import { BLOG_ARTICLES } from "@shared/content/blog-index";
import { socialImageFor, type PageMeta } from "@shared/content/seo";
import { formatLongDate } from "@shared/format";
import { CallToAction } from "../components/blocks";
import { LazyImage } from "../components/lazy-image";
import type { PageParams, PublicPageProps } from "../public-pages";
import { ArticleCard } from "./blog-pages";

/** Each article body is its own small chunk of pre-rendered HTML (scripts/content/vite-markdown.ts). */
const BODIES = import.meta.glob<string>("../../../../content/blog/*.md", { import: "default" });

const bodyComponents = new Map<string, ComponentType>();

function articleBody(slug: string): ComponentType {
  let component = bodyComponents.get(slug);
  if (!component) {
    const load = BODIES[`../../../../content/blog/${slug}.md`];
    if (!load) throw new Error(`Het artikel ${slug} heeft geen tekst`);
    component = lazy(async () => {
      const html = await load();
      return { default: () => <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} /> };
    });
    bodyComponents.set(slug, component);
  }
  return component;
}

function findArticle(slug: string | undefined): BlogArticleMeta | undefined {
  return BLOG_ARTICLES.find((article) => article.slug === slug);
}

export function getMeta({ slug }: PageParams): PageMeta | null {
  const article = findArticle(slug);
  if (!article) return null;
  return {
    title: article.title,
    path: `/blog/${article.slug}`,
    description: article.excerpt,
    keywords: [article.category.name, ...article.tags.map((tag) => tag.name)],
    type: "article",
    image: socialImageFor(article.image),
    imageAlt: article.title,
    publishedDate: article.date,
    structuredData: ["article"],
  };
}

export function Page({ params }: PublicPageProps) {
  const article = findArticle(params.slug)!;
  const Body = articleBody(article.slug);
  const related = relatedArticles(article, BLOG_ARTICLES);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14">
        <p>
          <Link
            href="/blog"
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-brand-700 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Alle artikelen
          </Link>
        </p>
        <header className="mt-6">
          <p className="text-sm font-semibold text-brand-700">
            <Link href={`/blog/category/${article.category.slug}`} className="rounded-sm hover:underline">
              {article.category.name}
            </Link>
          </p>
          <h1 className="mt-2 text-3xl leading-tight font-bold tracking-tight text-balance break-words hyphens-auto text-foreground sm:text-[2.625rem]">
            {article.title}
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">{article.excerpt}</p>
          <p className="mt-5 flex flex-wrap gap-x-2 text-sm text-slate-600">
            <span>{article.author}</span>
            <span aria-hidden>·</span>
            <time dateTime={article.date}>{formatLongDate(article.date)}</time>
            <span aria-hidden>·</span>
            <span>{article.readingMinutes} min lezen</span>
          </p>
        </header>
        <LazyImage
          src={article.image}
          alt=""
          width={1200}
          height={630}
          priority
          className="mt-8 rounded-2xl"
        />
        <div className="mt-10">
          <Suspense fallback={<p className="text-slate-600">Laden...</p>}>
            <Body />
          </Suspense>
        </div>
        <footer className="mt-12 border-t border-border pt-6">
          <h2 className="text-sm font-semibold text-foreground">Onderwerpen</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag.slug}>
                <Link
                  href={`/blog/tag/${tag.slug}`}
                  className="inline-block rounded-full border border-border px-3 py-1 text-sm text-slate-700 outline-none hover:border-brand-300 hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40"
                >
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </footer>
      </article>
      <section aria-labelledby="gerelateerd-title" className="bg-background px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <h2
            id="gerelateerd-title"
            className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
          >
            Lees ook
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {related.map((other) => (
              <li key={other.slug}>
                <ArticleCard article={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
