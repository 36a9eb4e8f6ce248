/**
 * Page metadata of the public site (spec §2.5, §9): the head every prerendered page is served with — title,
 * description shortened by the §9 rule, keywords, canonical URL, Open Graph, Twitter card — and the JSON-LD
 * blocks (Organization, SoftwareApplication, BlogPosting, FAQPage).
 */
import type { BlogArticleMeta } from "./blog";
import { MARKETING } from "./marketing";

/**
 * The origin written into canonical URLs, Open Graph tags and the sitemap at build time. The server swaps it
 * for PUBLIC_URL when that is set, so one build serves any domain.
 */
export const SITE_ORIGIN = "https://balans.nl";

export const SITE_NAME = MARKETING.productName;
export const DEFAULT_TITLE = `${SITE_NAME} — ${MARKETING.tagline}`;

/** Spec §9: the social share image is 1200 by 630. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const DEFAULT_SOCIAL_IMAGE = "/og/balans.png";

export const DESCRIPTION_MAX_LENGTH = 160;
const SENTENCES_MIN_LENGTH = 120;
const TRUNCATED_LENGTH = 157;

/**
 * Spec §9: a description over 160 characters is shortened to whole sentences; when the sentences that fit
 * make less than 120 characters, it becomes its first 157 characters plus an ellipsis instead.
 */
export function shortenDescription(text: string): string {
  const description = text.replace(/\s+/g, " ").trim();
  if (description.length <= DESCRIPTION_MAX_LENGTH) return description;
  // A sentence ends at . ! or ? followed by a space or the end ("€ 22.00" does not end one).
  const sentences = description.match(/[\s\S]+?(?:[.!?]+(?=\s|$)|$)/g) ?? [];
  let kept = "";
  for (const sentence of sentences) {
    const next = `${kept}${sentence}`;
    if (next.trim().length > DESCRIPTION_MAX_LENGTH) break;
    kept = next;
  }
  kept = kept.trim();
  if (kept.length >= SENTENCES_MIN_LENGTH) return kept;
  return `${description.slice(0, TRUNCATED_LENGTH)}...`;
}

/** "Prijzen — Balans"; the home page (no title) has the product's own title. */
export function documentTitle(title?: string): string {
  return title ? `${title} — ${SITE_NAME}` : DEFAULT_TITLE;
}

export type JsonLd = Record<string, unknown>;

export type StructuredDataKind = "organization" | "software" | "faq" | "article";

export interface PageMeta {
  /** The page's own title; undefined for the home page. */
  title?: string;
  description: string;
  keywords: readonly string[];
  /** Path of the page, e.g. "/prijzen". */
  path: string;
  type?: "website" | "article";
  /** Pages that only make sense from a link (search results, e-mail links): kept out of search engines. */
  noindex?: boolean;
  /** Path of a 1200×630 share image; the site's default when absent. */
  image?: string;
  imageAlt?: string;
  /**
   * The JSON-LD blocks of the page, by kind; the prerenderer builds them (so their code and data stay out of
   * the browser bundle): "article" is the BlogPosting of the article at `path`, "faq" the FAQPage of all FAQ.
   */
  structuredData?: readonly StructuredDataKind[];
  /** Only for articles: Open Graph article times. */
  publishedDate?: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** JSON inside <script>: "</" and U+2028/2029 can never end the element or break parsing. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

export function absoluteUrl(path: string): string {
  return `${SITE_ORIGIN}${path}`;
}

/** The <head> tags of a page (everything except charset, viewport and the assets Vite adds). */
export function renderHeadTags(meta: PageMeta, jsonLd: readonly JsonLd[] = []): string {
  const title = documentTitle(meta.title);
  const description = shortenDescription(meta.description);
  const url = absoluteUrl(meta.path);
  const image = absoluteUrl(meta.image ?? DEFAULT_SOCIAL_IMAGE);
  const imageAlt = meta.imageAlt ?? `${SITE_NAME}: ${MARKETING.tagline}`;
  const tags: [string, string, string][] = [
    ["name", "description", description],
    ["name", "keywords", meta.keywords.join(", ")],
    ["property", "og:type", meta.type ?? "website"],
    ["property", "og:site_name", SITE_NAME],
    ["property", "og:locale", "nl_NL"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ["property", "og:image", image],
    ["property", "og:image:width", String(SOCIAL_IMAGE_SIZE.width)],
    ["property", "og:image:height", String(SOCIAL_IMAGE_SIZE.height)],
    ["property", "og:image:alt", imageAlt],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
    ["name", "twitter:image:alt", imageAlt],
  ];
  if (meta.publishedDate) tags.push(["property", "article:published_time", meta.publishedDate]);
  if (meta.noindex) tags.push(["name", "robots", "noindex"]);
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...jsonLd.map((block) => `<script type="application/ld+json">${scriptJson(block)}</script>`),
  ].join("\n    ");
}

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: MARKETING.company.legalName,
    brand: SITE_NAME,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/favicon.svg"),
    email: MARKETING.support.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: MARKETING.company.city,
      addressCountry: MARKETING.company.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: MARKETING.support.email,
      availableLanguage: ["nl"],
      hoursAvailable: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    },
    // schema.org's text form of the same hours (spec §1: Mon–Fri 09:00–17:00).
    openingHours: MARKETING.support.openingHours,
  };
}

/**
 * The product for search engines. Ratings and testimonials stay on the page, not in structured data: they are
 * Balans's own figures, and search engines take only independently collected reviews as rich results.
 */
export function softwareApplicationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    description: MARKETING.tagline,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    url: absoluteUrl("/"),
    inLanguage: "nl-NL",
    offers: {
      "@type": "Offer",
      price: MARKETING.price.amount,
      priceCurrency: MARKETING.price.currency,
      url: absoluteUrl("/prijzen"),
    },
  };
}

export function blogPostingJsonLd(article: BlogArticleMeta): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date,
    dateModified: article.date,
    author: { "@type": "Organization", name: article.author },
    publisher: { "@type": "Organization", name: MARKETING.company.legalName, url: absoluteUrl("/") },
    image: absoluteUrl(socialImageFor(article.image)),
    mainEntityOfPage: absoluteUrl(`/blog/${article.slug}`),
    articleSection: article.category.name,
    keywords: article.tags.map((tag) => tag.name).join(", "),
    inLanguage: "nl-NL",
  };
}

export function faqPageJsonLd(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The 1200×630 PNG the build renders from an illustration: /images/blog/x.svg → /og/blog/x.png. */
export function socialImageFor(imagePath: string): string {
  return imagePath.replace(/^\/images\//, "/og/").replace(/\.\w+$/, ".png");
}
