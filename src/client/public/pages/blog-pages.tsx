/** /blog, /blog/category/{categorySlug} and /blog/tag/{tagSlug}: article lists with their filters. */
import { Link } from "wouter";
import {
  articlesInCategory,
  articlesWithTag,
  listTerms,
  type BlogArticleMeta,
  type BlogTermCount,
} from "@shared/content/blog";
import { BLOG_ARTICLES } from "@shared/content/blog-index";
import type { PageMeta } from "@shared/content/seo";
import { formatLongDate } from "@shared/format";
import { CallToAction } from "../components/blocks";
import { LazyImage } from "../components/lazy-image";
import type { PageParams, PublicPageModule, PublicPageProps } from "../public-pages";

const CATEGORIES = listTerms(BLOG_ARTICLES, "category");
const TAGS = listTerms(BLOG_ARTICLES, "tags");

const BLOG_META: PageMeta = {
  title: "Blog",
  path: "/blog",
  description:
    "Praktische uitleg voor zzp'ers over btw-aangifte, het urencriterium, factuureisen, de KOR, de bewaarplicht en de keuze tussen eenmanszaak en bv.",
  keywords: ["blog", "zzp", "btw", "urencriterium", "factuureisen", "KOR", "bewaarplicht"],
};

export const getMeta = () => BLOG_META;

export function Page() {
  return (
    <BlogList
      heading="Blog"
      intro="Heldere uitleg over de regels die je als zzp'er tegenkomt, met de bedragen en deadlines op een rij."
      articles={BLOG_ARTICLES}
    />
  );
}

function categoryMeta({ categorySlug }: PageParams): PageMeta | null {
  const category = CATEGORIES.find((term) => term.slug === categorySlug);
  if (!category) return null;
  return {
    title: `${category.name} — Blog`,
    path: `/blog/category/${category.slug}`,
    description: `Alle artikelen over ${category.name.toLowerCase()} voor zzp'ers: ${articlesInCategory(
      BLOG_ARTICLES,
      category.slug,
    )
      .map((article) => article.title)
      .join(", ")}.`,
    keywords: [category.name, "blog", "zzp"],
  };
}

export const category: PublicPageModule = {
  getMeta: categoryMeta,
  Page: ({ params }: PublicPageProps) => {
    const term = CATEGORIES.find((item) => item.slug === params.categorySlug)!;
    return (
      <BlogList
        eyebrow="Categorie"
        heading={term.name}
        intro={`${term.count} ${term.count === 1 ? "artikel" : "artikelen"} in deze categorie.`}
        articles={articlesInCategory(BLOG_ARTICLES, term.slug)}
        currentCategory={term.slug}
      />
    );
  },
};

function tagMeta({ tagSlug }: PageParams): PageMeta | null {
  const tag = TAGS.find((term) => term.slug === tagSlug);
  if (!tag) return null;
  return {
    title: `Artikelen over ${tag.name} — Blog`,
    path: `/blog/tag/${tag.slug}`,
    description: `Artikelen met het onderwerp ${tag.name}: ${articlesWithTag(BLOG_ARTICLES, tag.slug)
      .map((article) => article.title)
      .join(", ")}.`,
    keywords: [tag.name, "blog", "zzp"],
  };
}

export const tag: PublicPageModule = {
  getMeta: tagMeta,
  Page: ({ params }: PublicPageProps) => {
    const term = TAGS.find((item) => item.slug === params.tagSlug)!;
    return (
      <BlogList
        eyebrow="Onderwerp"
        heading={`#${term.name}`}
        intro={`${term.count} ${term.count === 1 ? "artikel" : "artikelen"} over ${term.name}.`}
        articles={articlesWithTag(BLOG_ARTICLES, term.slug)}
        currentTag={term.slug}
      />
    );
  },
};

function BlogList({
  eyebrow,
  heading,
  intro,
  articles,
  currentCategory,
  currentTag,
}: {
  eyebrow?: string;
  heading: string;
  intro: string;
  articles: readonly BlogArticleMeta[];
  currentCategory?: string;
  currentTag?: string;
}) {
  return (
    <>
      <section className="border-b border-border/70 bg-gradient-to-b from-brand-50 to-card">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-16">
          {eyebrow && (
            <p className="text-sm font-semibold text-brand-700">
              <Link href="/blog" className="rounded-sm underline-offset-4 hover:underline">
                Blog
              </Link>{" "}
              / {eyebrow}
            </p>
          )}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-foreground sm:text-5xl">{heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</p>
          <TermLinks
            label="Categorieën"
            terms={CATEGORIES}
            base="/blog/category"
            current={currentCategory}
            allHref={currentCategory || currentTag ? "/blog" : undefined}
          />
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_16rem]">
        <ul className="grid gap-8 sm:grid-cols-2">
          {articles.map((article, index) => (
            <li key={article.slug}>
              <ArticleCard article={article} priority={index === 0} />
            </li>
          ))}
        </ul>
        <aside aria-labelledby="tags-title" className="flex flex-col gap-3">
          <h2 id="tags-title" className="font-semibold text-foreground">
            Onderwerpen
          </h2>
          <ul className="flex flex-wrap gap-2">
            {TAGS.map((term) => (
              <li key={term.slug}>
                <Link
                  href={`/blog/tag/${term.slug}`}
                  aria-current={term.slug === currentTag ? "page" : undefined}
                  className="inline-block rounded-full border border-border px-3 py-1 text-sm text-slate-700 outline-none hover:border-brand-300 hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  #{term.name}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <CallToAction />
    </>
  );
}

function TermLinks({
  label,
  terms,
  base,
  current,
  allHref,
}: {
  label: string;
  terms: BlogTermCount[];
  base: string;
  current: string | undefined;
  allHref: string | undefined;
}) {
  const pill =
    "inline-block rounded-full px-3.5 py-1.5 text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/40";
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            href="/blog"
            aria-current={allHref ? undefined : "page"}
            className={`${pill} ${allHref ? "bg-card text-slate-700 ring-1 ring-border hover:ring-brand-300" : "bg-brand-700 text-white"}`}
          >
            Alle artikelen
          </Link>
        </li>
        {terms.map((term) => (
          <li key={term.slug}>
            <Link
              href={`${base}/${term.slug}`}
              aria-current={term.slug === current ? "page" : undefined}
              className={`${pill} ${term.slug === current ? "bg-brand-700 text-white" : "bg-card text-slate-700 ring-1 ring-border hover:ring-brand-300"}`}
            >
              {term.name} ({term.count})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ArticleCard({
  article,
  priority = false,
  headingLevel = 2,
}: {
  article: BlogArticleMeta;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md">
      <LazyImage src={article.image} alt="" width={1200} height={630} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span className="font-semibold text-brand-700">{article.category.name}</span>
          <span aria-hidden>·</span>
          <time dateTime={article.date}>{formatLongDate(article.date)}</time>
          <span aria-hidden>·</span>
          <span>{article.readingMinutes} min lezen</span>
        </p>
        <Heading className="text-xl font-semibold text-balance text-foreground">
          <Link
            href={`/blog/${article.slug}`}
            className="rounded-sm outline-none after:absolute after:inset-0 focus-visible:ring-3 focus-visible:ring-ring/40 group-hover:underline"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="text-pretty text-slate-600">{article.excerpt}</p>
      </div>
    </article>
  );
}
