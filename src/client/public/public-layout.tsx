import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { Logo } from "@client/components/layout/logo";
import { SkipLink } from "@client/components/layout/skip-link";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";

/**
 * The shell of every marketing page (spec §2.4): skip link, header, main landmark, footer.
 * The polite live region for announcements is mounted once at the root (components/layout/live-region).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-card">
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="-m-1 rounded-lg p-1 outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
        >
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="sm:h-9 sm:px-4">
            <Link href="/inloggen">Inloggen</Link>
          </Button>
          <Button asChild size="sm" className="sm:h-9 sm:px-4">
            <Link href="/aanmelden">Start gratis</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}

const footerLinkClass =
  "rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-3 focus-visible:ring-ring/40";

function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
        <nav aria-label="Juridisch" className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link href="/legal/privacy" className={footerLinkClass}>
            Privacybeleid
          </Link>
          <Link href="/legal/cookiebeleid" className={footerLinkClass}>
            Cookiebeleid
          </Link>
          {/* Spec §2.4: the privacy dialog opens from every page. */}
          <button type="button" className={footerLinkClass} onClick={() => showPrivacySettings()}>
            Cookie-instellingen
          </button>
        </nav>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} Balans</p>
          <p>Eenvoudig boekhouden voor iedereen</p>
        </div>
      </div>
    </footer>
  );
}
