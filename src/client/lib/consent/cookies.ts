/**
 * The cookie rules of spec §5: a cookie outside the inventory is refused; a non-essential cookie is set only
 * with consent for its category (read from the stored consent when none is passed); essential cookies can be
 * neither disabled nor deleted; cookies a choice no longer allows are removed (spec §4, §8).
 * `document.cookie` is passed in as a small jar, so the rules run (and are tested) without a browser.
 */
import {
  DEFAULT_CONSENT,
  findCookieDescriptor,
  isCategoryAllowed,
  type CookieCategory,
  type ConsentStatus,
  type CookieDescriptor,
} from "@shared/consent";
import { readConsentRecord, type ConsentStorage } from "./records";

/** `document.cookie`: reading gives "a=1; b=2", writing sets or deletes one cookie. */
export type CookieJar = { get(): string; set(cookie: string): void };

export function documentCookieJar(doc: Document): CookieJar {
  return {
    get: () => doc.cookie,
    set: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

/** The names of the cookies the page can see (HttpOnly cookies such as the session are not among them). */
export function cookieNames(jar: CookieJar): string[] {
  return jar
    .get()
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name !== "");
}

export type SetCookieResult =
  { isSet: true } | { isSet: false; reason: "not_in_inventory" | "no_consent" | "not_a_cookie" };

/**
 * Sets a cookie from the inventory with the inventory's path, SameSite, Secure and lifetime.
 * Refused (and reported with console.warn) when the cookie is unknown or its category lacks consent.
 */
export function setCookie(
  name: string,
  value: string,
  options: { jar: CookieJar; storage: ConsentStorage; consent?: ConsentStatus; isHttps?: boolean },
): SetCookieResult {
  const descriptor = findCookieDescriptor(name);
  if (!descriptor) {
    console.warn(`Cookie "${name}" staat niet in het cookiebeleid en is geweigerd.`);
    return { isSet: false, reason: "not_in_inventory" };
  }
  if (descriptor.storage === "localStorage") return { isSet: false, reason: "not_a_cookie" };
  const consent = options.consent ?? readConsentRecord(options.storage)?.status ?? DEFAULT_CONSENT;
  if (!isCategoryAllowed(descriptor.category, consent)) {
    console.warn(`Cookie "${name}" is geweigerd: geen toestemming voor ${descriptor.category}.`);
    return { isSet: false, reason: "no_consent" };
  }
  options.jar.set(serialiseCookie(name, value, descriptor, options.isHttps ?? true));
  return { isSet: true };
}

function serialiseCookie(
  name: string,
  value: string,
  descriptor: CookieDescriptor,
  isHttps: boolean,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${descriptor.path ?? "/"}`];
  if (descriptor.maxAgeSeconds !== undefined) parts.push(`Max-Age=${descriptor.maxAgeSeconds}`);
  if (descriptor.domain) parts.push(`Domain=${descriptor.domain}`);
  parts.push(`SameSite=${descriptor.sameSite ?? "Lax"}`);
  if ((descriptor.secure ?? false) && isHttps) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Deletes a cookie on every domain and path it may have been set with (third-party scripts set theirs on the
 * parent domain). Essential cookies are never deleted: returns false for them.
 */
export function deleteCookie(name: string, jar: CookieJar, hostname: string): boolean {
  if (findCookieDescriptor(name)?.category === "essential") return false;
  const expired = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  for (const domain of candidateDomains(hostname)) {
    jar.set(`${expired}; Path=/${domain ? `; Domain=${domain}` : ""}`);
  }
  return true;
}

/** "app.balans.nl" -> [none, "app.balans.nl", ".app.balans.nl", "balans.nl", ".balans.nl"]. */
function candidateDomains(hostname: string): (string | undefined)[] {
  const labels = hostname.split(".");
  const domains: (string | undefined)[] = [undefined];
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return domains;
  for (let index = 0; index < labels.length - 1; index++) {
    const domain = labels.slice(index).join(".");
    domains.push(domain, `.${domain}`);
  }
  return domains;
}

/** Spec §8: cookies the browser holds that the consent does not allow (or that no policy lists). */
export function findUnconsentedCookies(jar: CookieJar, consent: ConsentStatus): string[] {
  return cookieNames(jar).filter((name) => {
    const descriptor = findCookieDescriptor(name);
    return !descriptor || !isCategoryAllowed(descriptor.category, consent);
  });
}

/** Removes every cookie the consent does not allow; answers the names removed. */
export function removeUnconsentedCookies(jar: CookieJar, consent: ConsentStatus, hostname: string): string[] {
  const names = findUnconsentedCookies(jar, consent);
  for (const name of names) deleteCookie(name, jar, hostname);
  return names;
}

/** Removes the cookies of the given categories (spec §4: reset deletes analytics and marketing cookies). */
export function removeCategoryCookies(
  jar: CookieJar,
  categories: CookieCategory[],
  hostname: string,
): string[] {
  const names = cookieNames(jar).filter((name) => {
    const category = findCookieDescriptor(name)?.category;
    return category !== undefined && categories.includes(category);
  });
  for (const name of names) deleteCookie(name, jar, hostname);
  return names;
}
