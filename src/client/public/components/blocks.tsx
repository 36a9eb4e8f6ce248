/** Building blocks the public pages share: page hero, sections, feature cards, the closing call to action. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight, Check } from "lucide-react";
import { MARKETING } from "@shared/content/marketing";
import { buttonVariants } from "@client/components/ui/button-variants";

export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="border-b border-border/70 bg-gradient-to-b from-brand-50 to-card">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-14 pb-14 text-center sm:px-6 sm:pt-20 sm:pb-16">
        {eyebrow && (
          <p className="rounded-full border border-brand-200 bg-card px-3 py-1 text-sm font-medium text-brand-800">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-4 text-4xl leading-tight font-bold tracking-tight text-balance text-foreground sm:text-5xl">
          {title}
        </h1>
        {children && (
          <div className="mt-5 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">{children}</div>
        )}
        {actions && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  intro,
  children,
  muted = false,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  muted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={muted ? "bg-background" : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-pretty text-slate-600">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export interface FeatureCardData {
  icon: ReactNode;
  title: string;
  text: string;
  badge?: string;
}

export function FeatureGrid({ items, columns = 3 }: { items: FeatureCardData[]; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-2 lg:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {items.map((item) => (
        <li
          key={item.title}
          className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6 shadow-xs"
        >
          <div className="flex items-center justify-between gap-3">
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5">
              {item.icon}
            </span>
            {item.badge && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                {item.badge}
              </span>
            )}
          </div>
          <h3 className="text-lg font-semibold text-foreground">{item.title}</h3>
          <p className="text-pretty text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`flex flex-col gap-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function TrialButton({ label = `Probeer ${MARKETING.trialDays} dagen gratis` }: { label?: string }) {
  return (
    <Link href="/aanmelden" className={buttonVariants({ size: "lg" })}>
      {label}
      <ArrowRight aria-hidden />
    </Link>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
    >
      {children}
      <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}

/** The closing call to action of a page: start the free trial. */
export function CallToAction({
  title = "Klaar om je administratie op orde te hebben?",
  text = `Probeer Balans ${MARKETING.trialDays} dagen gratis. Geen creditcard nodig, alle functies inbegrepen.`,
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center rounded-3xl bg-brand-900 px-6 py-14 text-center sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 max-w-xl text-lg text-pretty text-brand-100">{text}</p>
        <Link
          href="/aanmelden"
          className={`${buttonVariants({ size: "lg", variant: "secondary" })} mt-8 bg-white text-brand-900 hover:bg-brand-50`}
        >
          Start gratis
          <ArrowRight aria-hidden />
        </Link>
      </div>
    </section>
  );
}
