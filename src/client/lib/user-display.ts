import type { User } from "@shared/schemas/auth";

/** Spec §2.10: full name, else username, else the part of the e-mail before the @, else 'Gebruiker'. */
export function getDisplayName(user: User): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return fullName || user.username.trim() || user.email?.split("@")[0]?.trim() || "Gebruiker";
}

/** How the app greets someone: first name, else username (spec §8 'Welkom terug, {first name or username}'). */
export function getFirstNameOrUsername(user: Pick<User, "firstName" | "username">): string {
  return user.firstName?.trim() || user.username;
}

/** Spec §2.10: 'Demo Bedrijf' for a demo account, else the company name, else 'Ondernemer'. */
export function getCompanyLabel(user: User): string {
  if (user.isDemo) return "Demo Bedrijf";
  return user.companyName?.trim() || "Ondernemer";
}

/**
 * Up to two initials for the avatar. "Jan" + "de Vries" -> "JV" (the surname's last word, so Dutch
 * tussenvoegsels are skipped); a single name gives one letter.
 */
export function getInitials(user: User): string {
  const first = user.firstName?.trim();
  const lastWord = user.lastName?.trim().split(/\s+/).at(-1);
  if (first && lastWord) return `${first[0]}${lastWord[0]}`.toUpperCase();
  const name = getDisplayName(user);
  return (name[0] ?? "G").toUpperCase();
}
