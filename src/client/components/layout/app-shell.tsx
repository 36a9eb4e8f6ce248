import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Menu } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { PageLoader } from "@client/components/ui/spinner";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@client/components/ui/sheet";
import { AdministrationBar } from "@client/features/administrations/administration-bar";
import { TrialBanner } from "@client/features/billing/trial-banner";
import { getConsentManager } from "@client/lib/consent/browser";
import { MAIN_CONTENT_ID } from "@client/lib/main-content";
import { useSessionUser } from "@client/lib/session-user";
import { DASHBOARD_NAV_ITEM } from "./app-navigation";
import { EmailBanner } from "./email-banner";
import { SidebarContent } from "./app-sidebar";
import { CommandPalette } from "./command-palette";
import { CommandPaletteButton } from "./command-palette-button";
import { ImportReportDialog } from "./import-report-dialog";
import { Logo } from "./logo";
import { NotificationsMenu } from "./notifications-menu";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { SkipLink } from "./skip-link";
import { TransactionSearch } from "./transaction-search";
import { useAppShortcuts } from "./use-app-shortcuts";
import { UserMenu } from "./user-menu";

/** Tailwind's `md` breakpoint: from here on the sidebar is always visible and the mobile menu is not used. */
const DESKTOP_MEDIA_QUERY = "(min-width: 48rem)";

/** The signed-in app's frame (spec §2.10): sidebar, top bar and the screen in between. */
export function AppShell({ children }: { children: ReactNode }) {
  const [isMobileMenuOpen, setIsMobileMenuOpen] = useState(false);
  const closeMobileMenu = () => setIsMobileMenuOpen(false);
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  const user = useSessionUser();
  useAppShortcuts({
    onTogglePalette: () => setIsPaletteOpen((isOpen) => !isOpen),
    onShowShortcuts: () => setIsShortcutsOpen(true),
  });

  // The cookie choice is usually made before signing in; link it to the account (proof per user, data export).
  useEffect(() => {
    void getConsentManager().syncUser(user.id);
  }, [user.id]);

  // Growing the window past the breakpoint with the menu open would leave an invisible modal behind.
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const handleChange = (event: MediaQueryListEvent) => {
      if (event.matches) setIsMobileMenuOpen(false);
    };
    media.addEventListener("change", handleChange);
    return () => media.removeEventListener("change", handleChange);
  }, []);

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <aside
        aria-label="Zijbalk"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-border bg-card md:block"
      >
        <SidebarContent />
      </aside>

      <div className="flex min-h-dvh flex-col md:pl-64">
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/80 sm:gap-3 sm:px-4 lg:px-6">
          <Sheet open={isMobileMenuOpen} onOpenChange={setIsMobileMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu openen">
                <Menu className="size-5" aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent className="md:hidden">
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <SheetDescription className="sr-only">Navigatie door de onderdelen van Balans</SheetDescription>
              <SidebarContent onNavigate={closeMobileMenu} showSearch />
            </SheetContent>
          </Sheet>
          <Link
            href={DASHBOARD_NAV_ITEM.href}
            className="-m-1 rounded-lg p-1 outline-none focus-visible:ring-3 focus-visible:ring-ring/40 md:hidden"
          >
            <Logo />
          </Link>
          <TransactionSearch className="hidden w-full max-w-md md:block" />
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <CommandPaletteButton onClick={() => setIsPaletteOpen(true)} />
            <NotificationsMenu />
            <UserMenu />
          </div>
        </header>

        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8"
        >
          <AdministrationBar />
          <EmailBanner />
          <TrialBanner />
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </main>
        <ImportReportDialog />
      </div>
      <CommandPalette
        open={isPaletteOpen}
        onOpenChange={setIsPaletteOpen}
        onShowShortcuts={() => setIsShortcutsOpen(true)}
      />
      <ShortcutsDialog open={isShortcutsOpen} onOpenChange={setIsShortcutsOpen} />
    </div>
  );
}
