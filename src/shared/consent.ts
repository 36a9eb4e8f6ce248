/**
 * Cookie consent, shared by the server (the stored policy version, the audit lines) and the browser (banner,
 * privacy dialog, cookie rules): one list of cookies, one set of categories, one policy version (spec §3, §9).
 */

/** Spec §9: the consent policy version. A stored consent for another version is asked again. */
export const CONSENT_POLICY_VERSION = "1.0.0";

export const COOKIE_CATEGORIES = ["essential", "functional", "analytics", "marketing"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Spec §3 "Consent status": four booleans, essential always true. */
export type ConsentStatus = Record<CookieCategory, boolean> & { essential: true };

/** Spec §4: the default is essential only; nothing is pre-ticked. */
export const DEFAULT_CONSENT: ConsentStatus = Object.freeze({
  essential: true,
  functional: false,
  analytics: false,
  marketing: false,
});

export const ALL_CONSENT: ConsentStatus = Object.freeze({
  essential: true,
  functional: true,
  analytics: true,
  marketing: true,
});

export const CONSENT_METHODS = ["banner", "settings"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** Spec §9: the local history keeps at most 10 records; the dialog shows the last 5. */
export const CONSENT_HISTORY_LIMIT = 10;
export const CONSENT_HISTORY_SHOWN = 5;

/** Spec §9: the banner slides in after 100 ms and out in 300 ms; consent mode waits 500 ms for an update. */
export const BANNER_SHOW_DELAY_MS = 100;
export const BANNER_HIDE_DURATION_MS = 300;
export const CONSENT_MODE_WAIT_FOR_UPDATE_MS = 500;

/** The browser-storage keys of the consent system; all four are essential (they remember the choice itself). */
export const CONSENT_STORAGE_KEYS = {
  record: "balans_consent",
  history: "balans_consent_history",
  bannerShown: "balans_consent_banner_shown",
  sessionId: "balans_consent_session_id",
} as const;

/** Spec §3 "Cookie categories": Dutch titles and what each category is used for. */
export const COOKIE_CATEGORY_INFO: Record<
  CookieCategory,
  { title: string; description: string; legalBasis: string; purpose: string }
> = {
  essential: {
    title: "Essentiële cookies",
    description:
      "Nodig om Balans te laten werken: sessiebeheer, beveiliging tegen CSRF, je inlogstatus en het onthouden van je cookievoorkeuren. Deze kun je niet uitzetten.",
    // Telecommunicatiewet art. 11.7a lid 3: strictly necessary cookies need no consent.
    legalBasis: "strictly_necessary",
    purpose: "Sessiebeheer, CSRF-bescherming, inlogstatus en cookievoorkeuren",
  },
  functional: {
    title: "Functionele cookies",
    description:
      "Onthouden je persoonlijke instellingen, zoals de indeling van je dashboard, het thema en de taal.",
    legalBasis: "consent",
    purpose: "Dashboardindeling, thema, taal en persoonlijke instellingen",
  },
  analytics: {
    title: "Analytische cookies",
    description:
      "Helpen ons te begrijpen hoe Balans gebruikt wordt, zodat we het kunnen verbeteren. Gegevens worden geanonimiseerd verwerkt.",
    legalBasis: "consent",
    purpose: "Gebruiksstatistieken om Balans te verbeteren",
  },
  marketing: {
    title: "Marketingcookies",
    description:
      "Worden gebruikt om advertenties voor Balans relevanter te maken en het effect van campagnes te meten.",
    legalBasis: "consent",
    purpose: "Relevante advertenties en het meten van campagnes",
  },
};

/**
 * Spec §3 "Cookie descriptor". `storage` says where it lives (a cookie or a localStorage key); `provider` names
 * the third party that sets it; a name ending in `*` matches every cookie with that prefix (`_ga_*`).
 */
export type CookieDescriptor = {
  name: string;
  category: CookieCategory;
  description: string;
  duration: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
  storage?: "cookie" | "localStorage";
  provider?: string;
  /** Lifetime in seconds for cookies the browser sets; absent for session-only and server-set cookies. */
  maxAgeSeconds?: number;
};

const DAY = 24 * 60 * 60;

/**
 * The server's HttpOnly cookie that binds a stored consent to the browser that gave it: the session id in
 * localStorage is readable by scripts and can be shared, this code cannot.
 */
export const CONSENT_KEY_COOKIE = "balans_consent_key";

/** The cookie inventory of policy version 1.0.0 (spec §9 lifetimes). Nothing else may be set. */
export const COOKIE_INVENTORY: readonly CookieDescriptor[] = [
  {
    name: "balans_session",
    category: "essential",
    description: "Houdt je ingelogd; bevat alleen een willekeurige sessiecode (HttpOnly).",
    duration: "30 dagen",
    path: "/",
    secure: true,
    sameSite: "Lax",
    storage: "cookie",
    maxAgeSeconds: 30 * DAY,
  },
  {
    name: CONSENT_KEY_COOKIE,
    category: "essential",
    description:
      "Koppelt je vastgelegde cookievoorkeuren aan deze browser, zodat niemand anders ze kan lezen of wijzigen; bevat alleen een willekeurige code (HttpOnly).",
    duration: "1 jaar",
    path: "/api/consent",
    secure: true,
    sameSite: "Lax",
    storage: "cookie",
    maxAgeSeconds: 365 * DAY,
  },
  {
    name: CONSENT_STORAGE_KEYS.record,
    category: "essential",
    description: "Onthoudt je cookievoorkeuren, de datum en de versie van het cookiebeleid.",
    duration: "Tot je ze wist",
    storage: "localStorage",
  },
  {
    name: CONSENT_STORAGE_KEYS.history,
    category: "essential",
    description: "De laatste 10 wijzigingen van je cookievoorkeuren, voor je eigen overzicht.",
    duration: "Tot je ze wist",
    storage: "localStorage",
  },
  {
    name: CONSENT_STORAGE_KEYS.bannerShown,
    category: "essential",
    description: "Onthoudt dat je een keuze hebt gemaakt in de cookiebanner.",
    duration: "Tot je ze wist",
    storage: "localStorage",
  },
  {
    name: CONSENT_STORAGE_KEYS.sessionId,
    category: "essential",
    description:
      "Een willekeurige code die deze browser herkent, zodat we je toestemming als bewijs kunnen bewaren.",
    duration: "Tot je ze wist",
    storage: "localStorage",
  },
  {
    name: "balans_preferences",
    category: "functional",
    description: "Onthoudt je dashboardindeling, thema en taal.",
    duration: "1 jaar",
    path: "/",
    secure: true,
    sameSite: "Lax",
    storage: "cookie",
    maxAgeSeconds: 365 * DAY,
  },
  {
    name: "balans_recent_view",
    category: "functional",
    description: "Onthoudt welke weergave en filters je het laatst gebruikte.",
    duration: "90 dagen",
    path: "/",
    secure: true,
    sameSite: "Lax",
    storage: "cookie",
    maxAgeSeconds: 90 * DAY,
  },
  {
    name: "_ga",
    category: "analytics",
    description: "Google Analytics: onderscheidt bezoekers (geanonimiseerd).",
    duration: "2 jaar",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Google Analytics",
    maxAgeSeconds: 2 * 365 * DAY,
  },
  {
    name: "_ga_*",
    category: "analytics",
    description: "Google Analytics: bewaart de status van je bezoek.",
    duration: "2 jaar",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Google Analytics",
    maxAgeSeconds: 2 * 365 * DAY,
  },
  {
    name: "_gid",
    category: "analytics",
    description: "Google Analytics: onderscheidt bezoekers binnen één dag.",
    duration: "24 uur",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Google Analytics",
    maxAgeSeconds: DAY,
  },
  {
    name: "_gcl_au",
    category: "marketing",
    description: "Google Ads: meet het effect van advertenties.",
    duration: "90 dagen",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Google Ads",
    maxAgeSeconds: 90 * DAY,
  },
  {
    name: "_fbp",
    category: "marketing",
    description: "Meta Pixel: meet het effect van advertenties op Facebook en Instagram.",
    duration: "90 dagen",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Meta",
    maxAgeSeconds: 90 * DAY,
  },
  {
    name: "li_fat_id",
    category: "marketing",
    description: "LinkedIn Insight: meet het effect van advertenties op LinkedIn.",
    duration: "30 dagen",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "LinkedIn",
    maxAgeSeconds: 30 * DAY,
  },
  {
    name: "_uetsid",
    category: "marketing",
    description: "Microsoft Advertising: koppelt een bezoek aan een advertentieklik.",
    duration: "Sessie",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Microsoft",
  },
  {
    name: "_uetvid",
    category: "marketing",
    description: "Microsoft Advertising: herkent terugkerende bezoekers na een advertentieklik.",
    duration: "6 maanden",
    path: "/",
    sameSite: "Lax",
    storage: "cookie",
    provider: "Microsoft",
    maxAgeSeconds: 180 * DAY,
  },
];

/** The inventory entry a cookie name falls under, or undefined: such a cookie may not be set. */
export function findCookieDescriptor(
  name: string,
  inventory: readonly CookieDescriptor[] = COOKIE_INVENTORY,
): CookieDescriptor | undefined {
  return (
    inventory.find((entry) => entry.name === name) ??
    inventory.find((entry) => entry.name.endsWith("*") && name.startsWith(entry.name.slice(0, -1)))
  );
}

/** Spec §5 Cookies: essential is always allowed; any other category only with consent for it. */
export function isCategoryAllowed(category: CookieCategory, status: ConsentStatus): boolean {
  return category === "essential" || status[category];
}

/** The longest lifetime in a category, as the retention period of its audit lines. */
export function retentionPeriodOf(
  category: CookieCategory,
  inventory: readonly CookieDescriptor[] = COOKIE_INVENTORY,
): string {
  const entries = inventory.filter((entry) => entry.category === category);
  const longest = entries.reduce<CookieDescriptor | undefined>(
    (best, entry) => ((entry.maxAgeSeconds ?? 0) > (best?.maxAgeSeconds ?? -1) ? entry : best),
    undefined,
  );
  return longest?.duration ?? "Sessie";
}

/** Whether a category's cookies are shared with a third party (an external provider sets them). */
export function sharesWithThirdParty(
  category: CookieCategory,
  inventory: readonly CookieDescriptor[] = COOKIE_INVENTORY,
): boolean {
  return inventory.some((entry) => entry.category === category && entry.provider !== undefined);
}
