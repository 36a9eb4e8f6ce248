/**
 * Sign-up leads (issue 8): a visit to /aanmelden from a campaign (utm_* parameters) or from another website is
 * recorded once per browser tab; the registration then sends the lead's id so the server can convert it.
 * Only the random lead id is kept, in sessionStorage, which the browser clears when the tab closes.
 */
import { useEffect } from "react";
import type { LeadAnswer, LeadVisitInput } from "@shared/schemas/public-site";
import { apiRequest } from "@client/lib/api";

const STORAGE_KEY = "balans_signup_lead";

/** The campaign and referrer of this visit, or null when it has neither (or the referrer is this site). */
export function leadVisitOf(search: string, referrer: string, ownOrigin: string): LeadVisitInput | null {
  const params = new URLSearchParams(search);
  const visit: LeadVisitInput = {
    utmSource: params.get("utm_source") ?? undefined,
    utmMedium: params.get("utm_medium") ?? undefined,
    utmCampaign: params.get("utm_campaign") ?? undefined,
    referrer: referrer && !referrer.startsWith(ownOrigin) ? referrer : undefined,
  };
  return Object.values(visit).some(Boolean) ? visit : null;
}

export function storedLeadId(): string | undefined {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetLeadId(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** On /aanmelden: records the visit as a lead when it came from a campaign or another website. */
export function useRecordSignupLead(isSignUp: boolean): void {
  useEffect(() => {
    if (!isSignUp || storedLeadId()) return;
    const visit = leadVisitOf(window.location.search, document.referrer, window.location.origin);
    if (!visit) return;
    apiRequest<LeadAnswer>("POST", "/api/leads", visit)
      .then((answer) => {
        if (answer.id) window.sessionStorage.setItem(STORAGE_KEY, answer.id);
      })
      // Attribution is a nice-to-have: a failure must not disturb signing up.
      .catch(() => {});
  }, [isSignUp]);
}
