import { Link } from "wouter";
import { ArrowRight, Check } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { ProbeerDemoButton } from "@client/features/demo/probeer-demo-button";
import { useDocumentTitle } from "@client/lib/use-document-title";

const TRIAL_FACTS = ["14 dagen gratis", "Geen creditcard nodig", "Alle functies inbegrepen"];

/** Spec §2.5 (hero only for now; the benefit, testimonial, pricing and FAQ sections come with the marketing site). */
export function HomePage() {
  useDocumentTitle();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-card to-card"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-28">
        <div className="flex flex-col items-start">
          <p className="rounded-full border border-brand-200 bg-card/80 px-3 py-1 text-xs font-medium text-brand-800 sm:text-sm">
            Voor zzp&apos;ers en kleine ondernemers
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.5rem]"
          >
            Eenvoudig boekhouden voor iedereen
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground sm:text-xl">
            Facturen, bonnetjes, btw-aangifte en je bankkoppeling in één overzichtelijke app. Zo houd je tijd
            over voor je klanten.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href="/aanmelden">
                Probeer 14 dagen gratis
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <ProbeerDemoButton />
            <Button asChild size="lg" variant="ghost">
              <Link href="/functionaliteiten">Bekijk functionaliteiten</Link>
            </Button>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {TRIAL_FACTS.map((fact) => (
              <li key={fact} className="flex items-center gap-1.5">
                <Check className="size-4 text-success" aria-hidden />
                {fact}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A drawn impression of the app (decorative: no real figures, hidden from assistive technology). */
function HeroIllustration() {
  const bars = [45, 62, 38, 70, 55, 84];
  return (
    <div aria-hidden className="relative hidden lg:block">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-xl shadow-brand-900/5">
        <div className="flex items-center justify-between">
          <div className="h-3 w-28 rounded-full bg-slate-200" />
          <div className="h-6 w-20 rounded-full bg-brand-50" />
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3">
          {["bg-brand-600", "bg-emerald-500", "bg-amber-400"].map((color) => (
            <div key={color} className="rounded-xl border border-border p-3">
              <div className={`h-2 w-8 rounded-full ${color}`} />
              <div className="mt-3 h-3 w-16 rounded-full bg-slate-300" />
              <div className="mt-2 h-2 w-10 rounded-full bg-slate-200" />
            </div>
          ))}
        </div>
        <div className="mt-6 flex h-36 items-end gap-3 rounded-xl bg-slate-50 p-4">
          {bars.map((height, index) => (
            <div key={index} className="flex h-full flex-1 items-end gap-1">
              <div className="flex-1 rounded-t bg-brand-600" style={{ height: `${height}%` }} />
              <div className="flex-1 rounded-t bg-brand-200" style={{ height: `${height * 0.6}%` }} />
            </div>
          ))}
        </div>
        <div className="mt-6 flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3">
              <div className="size-8 rounded-full bg-slate-100" />
              <div className="h-2.5 flex-1 rounded-full bg-slate-200" />
              <div className="h-2.5 w-16 rounded-full bg-slate-300" />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-6 -left-8 flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-lg">
        <div className="flex size-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <Check className="size-5" />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="h-2.5 w-24 rounded-full bg-slate-300" />
          <div className="h-2 w-16 rounded-full bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
