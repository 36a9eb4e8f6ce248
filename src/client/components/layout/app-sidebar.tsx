import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ChevronDown, LogOut } from "lucide-react";
import { Avatar } from "@client/components/ui/avatar";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@client/components/ui/collapsible";
import { Spinner } from "@client/components/ui/spinner";
import { useLogout } from "@client/features/auth/api";
import { useSessionUser } from "@client/lib/session-user";
import { getCompanyLabel, getDisplayName, getInitials } from "@client/lib/user-display";
import { cn } from "@client/lib/utils";
import {
  BOOKKEEPING_NAV_GROUP,
  DASHBOARD_NAV_ITEM,
  SECONDARY_NAV_ITEMS,
  SETTINGS_NAV_ITEM,
  isNavItemActive,
  type NavItem,
} from "./app-navigation";
import { Logo } from "./logo";
import { TransactionSearch } from "./transaction-search";

interface SidebarContentProps {
  /** Called after the user follows a link (the mobile menu closes itself with it). */
  onNavigate?: () => void;
  /** Show the transaction search under the logo (the mobile menu, where the top bar has no room for it). */
  showSearch?: boolean;
}

/** The sidebar's contents (spec §2.10); rendered fixed on wide screens and in the mobile menu. */
export function SidebarContent({ onNavigate, showSearch = false }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
        <Link
          href={DASHBOARD_NAV_ITEM.href}
          onClick={onNavigate}
          className="-m-1 rounded-lg p-1 outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
        >
          <Logo />
        </Link>
      </div>
      {showSearch && (
        <div className="px-3 pt-4">
          <TransactionSearch onSearch={onNavigate} />
        </div>
      )}
      <SidebarNav onNavigate={onNavigate} />
      <SidebarUser />
    </div>
  );
}

function SidebarNav({ onNavigate }: SidebarContentProps) {
  const [pathname] = useLocation();
  const [isBookkeepingOpen, setIsBookkeepingOpen] = useState(true);
  const hasActiveBookkeepingItem = BOOKKEEPING_NAV_GROUP.items.some((item) =>
    isNavItemActive(pathname, item.href),
  );
  const GroupIcon = BOOKKEEPING_NAV_GROUP.icon;

  return (
    <nav aria-label="Hoofdmenu" className="flex flex-1 flex-col gap-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        <li>
          <SidebarLink item={DASHBOARD_NAV_ITEM} pathname={pathname} onNavigate={onNavigate} />
        </li>
        <li>
          <Collapsible open={isBookkeepingOpen} onOpenChange={setIsBookkeepingOpen}>
            <CollapsibleTrigger
              className={cn(
                navItemClassName,
                "w-full text-left",
                hasActiveBookkeepingItem && !isBookkeepingOpen && "text-accent-foreground",
              )}
            >
              <GroupIcon aria-hidden className="size-[1.125rem] text-muted-foreground" />
              <span className="flex-1">{BOOKKEEPING_NAV_GROUP.label}</span>
              <ChevronDown
                aria-hidden
                className={cn(
                  "size-4 text-muted-foreground transition-transform duration-200",
                  !isBookkeepingOpen && "-rotate-90",
                )}
              />
            </CollapsibleTrigger>
            <CollapsibleContent>
              <ul className="mt-1 ml-[1.3rem] flex flex-col gap-1 border-l border-border pl-2">
                {BOOKKEEPING_NAV_GROUP.items.map((item) => (
                  <li key={item.href}>
                    <SidebarLink item={item} pathname={pathname} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </CollapsibleContent>
          </Collapsible>
        </li>
        {SECONDARY_NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <SidebarLink item={item} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className="mt-auto flex flex-col gap-1 border-t border-border pt-3">
        <li>
          <SidebarLink item={SETTINGS_NAV_ITEM} pathname={pathname} onNavigate={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}

const navItemClassName = cn(
  "flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700",
  "transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40",
);

function SidebarLink({
  item,
  pathname,
  onNavigate,
}: { item: NavItem; pathname: string } & SidebarContentProps) {
  const isActive = isNavItemActive(pathname, item.href);
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={isActive ? "page" : undefined}
      className={cn(
        navItemClassName,
        isActive &&
          "bg-accent font-semibold text-accent-foreground hover:bg-accent hover:text-accent-foreground",
      )}
    >
      <Icon
        aria-hidden
        className={cn("size-[1.125rem]", isActive ? "text-primary" : "text-muted-foreground")}
      />
      {item.label}
    </Link>
  );
}

/** Who is signed in; a member working in another's administration with that administration beneath. */
function SidebarUser() {
  const user = useSessionUser();
  const logout = useLogout();
  const person = user.signedInAs ?? user;
  const displayName = getDisplayName(person);
  const below = user.signedInAs
    ? `In ${user.companyName?.trim() || getDisplayName(user)}`
    : getCompanyLabel(user);
  return (
    <div className="flex shrink-0 items-center gap-3 border-t border-border p-3">
      <Avatar initials={getInitials(person)} imageUrl={person.profileImageUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-foreground" title={displayName}>
          {displayName}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={below}>
          {below}
        </p>
      </div>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        aria-label="Uitloggen"
        title="Uitloggen"
        className={cn(
          "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground",
          "transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40",
          "disabled:opacity-60",
        )}
      >
        {logout.isPending ? <Spinner /> : <LogOut className="size-[1.125rem]" aria-hidden />}
      </button>
    </div>
  );
}
