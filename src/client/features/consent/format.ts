import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_INFO,
  type ConsentMethod,
  type ConsentStatus,
} from "@shared/consent";

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Amsterdam",
});

/** "21 november 2026 om 11:05" */
export function formatMoment(iso: string): string {
  return dateTime.format(new Date(iso));
}

export const METHOD_LABELS: Record<ConsentMethod, string> = {
  banner: "Via de cookiebanner",
  settings: "Via de privacy-instellingen",
};

/** "Essentieel, Analytisch" — the categories that are on, in words. */
export function allowedCategoriesText(status: ConsentStatus): string {
  return COOKIE_CATEGORIES.filter((category) => status[category])
    .map((category) => COOKIE_CATEGORY_INFO[category].title)
    .join(", ");
}
