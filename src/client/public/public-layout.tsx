import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from "react";
import { Link, useLocation } from "wouter";
import { ChevronDown, Menu, X } from "lucide-react";
import { buttonVariants } from "@client/components/ui/button-variants";
import { Logo } from "@client/components/layout/logo";
import { SkipLink } from "@client/components/layout/skip-link";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";
import {
  FOOTER_COLUMNS,
  HEADER_NAVIGATION,
  isMenu,
  type SiteLink,
  type SiteMenu,
} from "@client/public/site-navigation";
import { useSignedIn } from "@client/lib/signed-in";
import { COMPANY } from "./company";
import { CompanyDetailsBlock } from "./components/company-details";
import { NewsletterSignup } from "./newsletter/newsletter-signup";

/**
 * The shell of every public page (spec §2.4): skip link, header with dropdown menus and a mobile menu, the main
 * landmark, and the footer. The polite live region and the privacy dialog are mounted once at the root.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-card">
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

const focusRing = "outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

/** Closes an open menu on Escape (focus back on its button) and on a pointer press outside `container`. */
function useDismiss(
  isOpen: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, close, container, button]);
}

function PublicHeader() {
  const [pathname] = useLocation();
  // A signed-in visitor is led back into the app instead of to sign-in and sign-up.
  const signedIn = useSignedIn();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [isMobileOpen, setMobileOpen] = useState(false);
  const [lastPath, setLastPath] = useState(pathname);
  // A navigation closes every menu.
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpenMenu(null);
    setMobileOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className={`-m-1 rounded-lg p-1 ${focusRing}`} aria-label="Balans, naar de homepage">
          <Logo />
        </Link>
        <nav aria-label="Hoofdmenu" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {HEADER_NAVIGATION.map((item) =>
              isMenu(item) ? (
                <NavDropdown
                  key={item.id}
                  menu={item}
                  pathname={pathname}
                  isOpen={openMenu === item.id}
                  onOpenChange={(isOpen) => setOpenMenu(isOpen ? item.id : null)}
                />
              ) : (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={pathname === item.href ? "page" : undefined}
                    className={`block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-foreground aria-[current=page]:text-primary ${focusRing}`}
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <Link href="/app/dashboard" className={`${buttonVariants({ size: "sm" })} sm:h-9 sm:px-4`}>
              Naar de app
            </Link>
          ) : (
            <>
              <Link
                href="/inloggen"
                className={`${buttonVariants({ variant: "ghost", size: "sm" })} max-sm:hidden sm:h-9 sm:px-4`}
              >
                Inloggen
              </Link>
              <Link href="/aanmelden" className={`${buttonVariants({ size: "sm" })} sm:h-9 sm:px-4`}>
                Start gratis
              </Link>
            </>
          )}
          <MobileMenu
            pathname={pathname}
            isOpen={isMobileOpen}
            onOpenChange={setMobileOpen}
            signedIn={signedIn}
          />
        </div>
      </div>
    </header>
  );
}

interface NavDropdownProps {
  menu: SiteMenu;
  pathname: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * A disclosure menu (WAI-ARIA navigation pattern): a button with aria-expanded that shows a list of links.
 * Enter or Space on the button toggles it (native button behaviour), ArrowDown opens it and moves to the first
 * link, Escape closes it and returns focus to the button, and so does a click outside or tabbing away.
 */
function NavDropdown({ menu, pathname, isOpen, onOpenChange }: NavDropdownProps) {
  const panelId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useStableClose(onOpenChange);
  useDismiss(isOpen, close, containerRef, buttonRef);
  const isCurrent = menu.links.some((link) => pathname === link.href);

  return (
    <li
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        if (isOpen && !containerRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => onOpenChange(!isOpen)}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown") return;
          event.preventDefault();
          onOpenChange(true);
          requestAnimationFrame(() =>
            containerRef.current?.querySelector<HTMLAnchorElement>("ul a")?.focus(),
          );
        }}
        className={`flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted hover:text-foreground ${
          isCurrent ? "text-primary" : "text-slate-700"
        } ${focusRing}`}
      >
        {menu.label}
        <ChevronDown
          aria-hidden
          className={`size-4 transition-transform motion-reduce:transition-none ${isOpen ? "rotate-180" : ""}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full left-0 z-50 mt-2 w-80 rounded-xl border border-border bg-popover p-2 shadow-lg shadow-slate-900/10"
      >
        <ul className="flex flex-col">
          {menu.links.map((link) => (
            <li key={link.href}>
              <MenuLink link={link} pathname={pathname} />
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function MenuLink({ link, pathname }: { link: SiteLink; pathname: string }) {
  return (
    <Link
      href={link.href}
      aria-current={pathname === link.href ? "page" : undefined}
      className={`flex flex-col gap-0.5 rounded-lg px-3 py-2.5 hover:bg-muted aria-[current=page]:bg-accent ${focusRing}`}
    >
      <span className="text-sm font-semibold text-foreground">{link.label}</span>
      {link.description && <span className="text-sm text-muted-foreground">{link.description}</span>}
    </Link>
  );
}

/** `() => onOpenChange(false)` that keeps its identity, so the dismiss listeners are not re-added every render. */
function useStableClose(onOpenChange: (isOpen: boolean) => void) {
  const latest = useRef(onOpenChange);
  useEffect(() => {
    latest.current = onOpenChange;
  });
  const [close] = useState(() => () => latest.current(false));
  return close;
}

interface MobileMenuProps {
  pathname: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  signedIn: boolean;
}

/** Below the large breakpoint: one button that opens the whole header navigation as a panel (spec §2.4). */
function MobileMenu({ pathname, isOpen, onOpenChange, signedIn }: MobileMenuProps) {
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useStableClose(onOpenChange);
  useDismiss(isOpen, close, containerRef, buttonRef);

  return (
    <div ref={containerRef} className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => onOpenChange(!isOpen)}
        className={`${buttonVariants({ variant: "ghost", size: "icon" })}`}
      >
        {isOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        aria-label="Mobiel menu"
        hidden={!isOpen}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-card px-4 pt-2 pb-6 shadow-lg sm:px-6"
      >
        <ul className="flex flex-col gap-4">
          {HEADER_NAVIGATION.map((item) =>
            isMenu(item) ? (
              <li key={item.id}>
                <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {item.label}
                </p>
                <ul className="mt-1 flex flex-col">
                  {item.links.map((link) => (
                    <li key={link.href}>
                      <MenuLink link={link} pathname={pathname} />
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={pathname === item.href ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2.5 text-sm font-semibold text-foreground hover:bg-muted aria-[current=page]:bg-accent ${focusRing}`}
                >
                  {item.label}
                </Link>
              </li>
            ),
          )}
        </ul>
        {signedIn ? (
          <div className="mt-6 grid">
            <Link href="/app/dashboard" className={buttonVariants()}>
              Naar de app
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Link href="/inloggen" className={buttonVariants({ variant: "outline" })}>
              Inloggen
            </Link>
            <Link href="/aanmelden" className={buttonVariants()}>
              Start gratis
            </Link>
          </div>
        )}
      </nav>
    </div>
  );
}

const footerLinkClass = `rounded-sm text-slate-600 underline-offset-4 hover:text-foreground hover:underline ${focusRing}`;

/**
 * The current year for the copyright line. Prerendered pages carry their build year on <html data-year>, so
 * hydration sees the same text; the real year takes over right after.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () =>
      typeof document === "undefined"
        ? new Date().getFullYear()
        : Number(document.documentElement.dataset.year) || new Date().getFullYear(),
  );
}

function noSubscription() {
  return () => {};
}

function PublicFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 text-sm sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1fr_4fr]">
          <div className="flex flex-col gap-3">
            <Logo />
            <p className="max-w-xs text-slate-600">
              Online boekhouden voor zzp&apos;ers: transacties met btw, uren, facturen en klanten op één plek.
            </p>
            <NewsletterSignup source="footer" />
          </div>
          <div className="grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-5">
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title} className="flex flex-col gap-3">
                <h2 className="font-semibold text-foreground">{column.title}</h2>
                <ul className="flex flex-col gap-2">
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <Link href={link.href} className={footerLinkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  {column.title === "Legal" && (
                    <li>
                      {/* Spec §2.4: the privacy dialog opens from every page. */}
                      <button
                        type="button"
                        className={`${footerLinkClass} text-left`}
                        onClick={() => showPrivacySettings()}
                      >
                        Cookie-instellingen
                      </button>
                    </li>
                  )}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-4 border-t border-border pt-6 text-slate-600 sm:flex-row sm:items-end sm:justify-between">
          <CompanyDetailsBlock compact />
          <div className="flex flex-col gap-1 sm:items-end">
            <p>
              © {year} {COMPANY.name} · Alle rechten voorbehouden.
            </p>
            <p>Eenvoudig boekhouden voor iedereen</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
