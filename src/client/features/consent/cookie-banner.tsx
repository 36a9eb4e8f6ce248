import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { clsx } from "clsx";
import { Link } from "wouter";
import { Cookie } from "lucide-react";
import {
  BANNER_HIDE_DURATION_MS,
  BANNER_SHOW_DELAY_MS,
  DEFAULT_CONSENT,
  type ConsentStatus,
  type CookieCategory,
} from "@shared/consent";
import { buttonVariants } from "@client/components/ui/button-variants";
import { getConsentManager, useConsent } from "@client/lib/consent/browser";
import { usePrivacySettings } from "@client/lib/consent/privacy-settings";

type Phase = "hidden" | "entering" | "shown" | "leaving";

// The category switches load when the visitor asks for them; the simple banner is part of every first visit,
// so it is kept light (plain classes, no switch component).
const BannerCategories = lazy(async () => ({
  default: (await import("./cookie-banner-categories")).BannerCategories,
}));

/**
 * Spec §2.7. Shown once consent is loaded and there is neither a choice nor a banner-shown flag; fades in after
 * 100 ms and out in 300 ms. Rejecting sits next to accepting with the same weight, nothing is pre-ticked,
 * focus moves into the banner, and Escape never accepts (in the detailed view it goes back to the simple one).
 */
export function CookieBanner() {
  const consent = useConsent();
  // While the privacy dialog is open it is where the choice is made; the banner returns if none was made.
  const { isOpen: isPrivacyDialogOpen } = usePrivacySettings();
  const isBannerVisible = consent.isBannerVisible && !isPrivacyDialogOpen;
  const [phase, setPhase] = useState<Phase>("hidden");
  const [isDetailed, setIsDetailed] = useState(false);
  const [choice, setChoice] = useState<ConsentStatus>(DEFAULT_CONSENT);
  const containerRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (isBannerVisible) {
      setIsDetailed(false);
      setChoice(DEFAULT_CONSENT);
      setPhase("entering");
      const timer = setTimeout(() => setPhase("shown"), BANNER_SHOW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "hidden" ? current : "leaving"));
    const timer = setTimeout(() => setPhase("hidden"), BANNER_HIDE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [isBannerVisible]);

  useEffect(() => {
    if (phase === "shown") containerRef.current?.focus({ preventScroll: true });
  }, [phase]);

  if (phase === "hidden") return null;

  const manager = getConsentManager();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && isDetailed) {
      event.stopPropagation();
      setIsDetailed(false);
    }
  };
  const toggle = (category: CookieCategory, isOn: boolean) =>
    setChoice((current) => ({ ...current, [category]: isOn }));

  return (
    <section
      ref={containerRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="cookie-banner"
      className={clsx(
        "fixed inset-x-3 bottom-3 z-[60] mx-auto max-h-[calc(100dvh-1.5rem)] max-w-3xl overflow-y-auto rounded-xl border border-border",
        "bg-card p-5 text-card-foreground shadow-2xl outline-none focus-visible:ring-3 focus-visible:ring-ring/40 sm:bottom-5 sm:p-6",
        "transition-[opacity,translate] ease-out",
        phase === "shown" ? "translate-y-0 opacity-100" : "translate-y-4 opacity-0",
        phase === "leaving" && "pointer-events-none",
      )}
      style={{ transitionDuration: `${BANNER_HIDE_DURATION_MS}ms` }}
    >
      <div className="flex items-start gap-3">
        <Cookie className="mt-0.5 hidden size-6 shrink-0 text-primary sm:block" aria-hidden />
        <div className="flex min-w-0 flex-col gap-2">
          <h2 id={titleId} className="text-base font-semibold tracking-tight">
            {isDetailed ? "Kies welke cookies je toestaat" : "Balans gebruikt cookies"}
          </h2>
          <p id={descriptionId} className="text-sm text-muted-foreground">
            We gebruiken essentiële cookies om Balans te laten werken. Functionele, analytische en
            marketingcookies plaatsen we alleen met jouw toestemming. Je kunt je keuze altijd wijzigen via
            ‘Cookie-instellingen’. Lees meer in ons{" "}
            <Link
              href="/legal/cookiebeleid"
              className="font-medium text-primary underline underline-offset-2"
            >
              cookiebeleid
            </Link>{" "}
            en{" "}
            <Link href="/legal/privacy" className="font-medium text-primary underline underline-offset-2">
              privacybeleid
            </Link>
            .
          </p>
        </div>
      </div>

      {isDetailed && (
        <Suspense fallback={null}>
          <BannerCategories choice={choice} onToggle={toggle} />
        </Suspense>
      )}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        {isDetailed ? (
          <>
            <button
              type="button"
              className={buttonVariants({ variant: "outline" })}
              onClick={() => void manager.update(choice, "banner")}
            >
              Keuze opslaan
            </button>
            <button type="button" className={buttonVariants()} onClick={() => void manager.rejectAll()}>
              Alleen essentiële cookies
            </button>
            <button type="button" className={buttonVariants()} onClick={() => void manager.acceptAll()}>
              Alles accepteren
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={buttonVariants({ variant: "outline" })}
              onClick={() => setIsDetailed(true)}
            >
              Aanpassen
            </button>
            <button type="button" className={buttonVariants()} onClick={() => void manager.rejectAll()}>
              Alleen essentieel
            </button>
            <button type="button" className={buttonVariants()} onClick={() => void manager.acceptAll()}>
              Accepteer alles
            </button>
          </>
        )}
      </div>
    </section>
  );
}
