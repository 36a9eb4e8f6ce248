import { Link } from "wouter";
import { ChevronDown, LogOut, Settings, ShieldCheck } from "lucide-react";
import { MEMBER_ROLE_LABELS } from "@shared/schemas/administrations";
import { Avatar } from "@client/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@client/components/ui/dropdown-menu";
import { useLogout } from "@client/features/auth/api";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";
import { useSessionUser } from "@client/lib/session-user";
import { getCompanyLabel, getDisplayName, getInitials } from "@client/lib/user-display";
import { cn } from "@client/lib/utils";
import { SETTINGS_NAV_ITEM } from "./app-navigation";

/**
 * The top bar's account menu: who is signed in, settings, privacy settings (spec §2.8), sign out. A member working
 * in another's administration is named here as themselves, with whose administration is open beneath.
 */
export function UserMenu() {
  const user = useSessionUser();
  const logout = useLogout();
  const person = user.signedInAs ?? user;
  const displayName = getDisplayName(person);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Gebruikersmenu van ${displayName}`}
        className={cn(
          "flex items-center gap-2 rounded-full p-0.5 outline-none lg:rounded-lg lg:py-1 lg:pr-2 lg:pl-1",
          "transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/40",
        )}
      >
        <Avatar initials={getInitials(person)} imageUrl={person.profileImageUrl} className="size-8" />
        <span className="hidden max-w-40 truncate text-sm font-medium text-foreground lg:block">
          {displayName}
        </span>
        <ChevronDown className="hidden size-4 text-muted-foreground lg:block" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate text-sm font-semibold text-foreground">{displayName}</span>
          <span className="truncate text-xs text-muted-foreground">
            {person.email ?? getCompanyLabel(person)}
          </span>
          {user.signedInAs && (
            <span className="mt-1 text-xs break-words text-muted-foreground">
              In de administratie van{" "}
              <span className="font-medium text-foreground">
                {/* As the administration bar names it: the company, else the owner's name. */}
                {user.companyName?.trim() || getDisplayName(user)}
              </span>{" "}
              ({MEMBER_ROLE_LABELS[user.signedInAs.role]})
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={SETTINGS_NAV_ITEM.href}>
            <Settings aria-hidden />
            {SETTINGS_NAV_ITEM.label}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => showPrivacySettings()}>
          <ShieldCheck aria-hidden />
          Privacy-instellingen
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden />
          Uitloggen
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
