/**
 * Tracking providers and their consent modes (spec §4, §7): a provider's script loads only when its category
 * goes from off to on AND the provider is enabled here. All are disabled, with placeholder ids, so Balans loads
 * no third-party script at all. Enabling one also needs its host in the Content-Security-Policy
 * (src/server/plugins/security.ts) and an updated cookie policy version.
 */
import { CONSENT_MODE_WAIT_FOR_UPDATE_MS, type ConsentStatus, type CookieCategory } from "@shared/consent";

export type TrackingProvider = {
  id: string;
  name: string;
  category: Extract<CookieCategory, "analytics" | "marketing">;
  isEnabled: boolean;
  /** Placeholder until a real account exists. */
  trackingId: string;
  scriptUrl: string;
};

export const TRACKING_PROVIDERS: readonly TrackingProvider[] = [
  {
    id: "google-analytics",
    name: "Google Analytics",
    category: "analytics",
    isEnabled: false,
    trackingId: "G-XXXXXXXXXX",
    scriptUrl: "https://www.googletagmanager.com/gtag/js?id=G-XXXXXXXXXX",
  },
  {
    id: "google-tag-manager",
    name: "Google Tag Manager",
    category: "marketing",
    isEnabled: false,
    trackingId: "GTM-XXXXXXX",
    scriptUrl: "https://www.googletagmanager.com/gtm.js?id=GTM-XXXXXXX",
  },
  {
    id: "meta-pixel",
    name: "Meta Pixel",
    category: "marketing",
    isEnabled: false,
    trackingId: "000000000000000",
    scriptUrl: "https://connect.facebook.net/en_US/fbevents.js",
  },
];

type Grant = "granted" | "denied";
export type GoogleConsentMode = {
  ad_storage: Grant;
  ad_user_data: Grant;
  ad_personalization: Grant;
  analytics_storage: Grant;
  functionality_storage: Grant;
  personalization_storage: Grant;
  security_storage: Grant;
};

/** Google Consent Mode v2 for a consent status: each storage type granted only with its category's consent. */
export function googleConsentMode(status: ConsentStatus): GoogleConsentMode {
  const grant = (allowed: boolean): Grant => (allowed ? "granted" : "denied");
  return {
    ad_storage: grant(status.marketing),
    ad_user_data: grant(status.marketing),
    ad_personalization: grant(status.marketing),
    analytics_storage: grant(status.analytics),
    functionality_storage: grant(status.functional),
    personalization_storage: grant(status.functional),
    security_storage: "granted",
  };
}

/** The parts of `window` the consent modes touch. */
export type ConsentModeTarget = {
  dataLayer?: unknown[];
  fbq?: (...args: unknown[]) => void;
};

/**
 * Tells the enabled providers the new consent: Google's consent 'default' (before any tag loads, with
 * wait_for_update 500 ms) or 'update', and Meta's grant/revoke. Nothing is created for disabled providers.
 */
export function applyConsentModes(
  target: ConsentModeTarget,
  status: ConsentStatus,
  kind: "default" | "update",
  providers: readonly TrackingProvider[] = TRACKING_PROVIDERS,
): void {
  const enabled = providers.filter((provider) => provider.isEnabled);
  if (enabled.some((provider) => provider.id.startsWith("google-"))) {
    target.dataLayer ??= [];
    const mode = googleConsentMode(status);
    target.dataLayer.push([
      "consent",
      kind,
      kind === "default" ? { ...mode, wait_for_update: CONSENT_MODE_WAIT_FOR_UPDATE_MS } : mode,
    ]);
  }
  if (enabled.some((provider) => provider.id === "meta-pixel") && target.fbq) {
    target.fbq("consent", status.marketing ? "grant" : "revoke");
  }
}

/** The providers whose script should load now: enabled, and their category just went from off to on. */
export function providersToLoad(
  previous: ConsentStatus,
  next: ConsentStatus,
  providers: readonly TrackingProvider[] = TRACKING_PROVIDERS,
): TrackingProvider[] {
  return providers.filter(
    (provider) => provider.isEnabled && !previous[provider.category] && next[provider.category],
  );
}
