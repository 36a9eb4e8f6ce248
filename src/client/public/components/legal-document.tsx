import type { ReactNode } from "react";
import { CompanyDetailsBlock } from "./company-details";

/**
 * A legal text: its title, the HTML rendered from its Markdown at build time, optional extra content, and the
 * details of the company behind Balans.
 */
export function LegalDocument({
  title,
  html,
  children,
}: {
  title: string;
  html: string;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold text-brand-700">Juridisch</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
      <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      {children}
      <CompanyDetailsBlock />
    </article>
  );
}
