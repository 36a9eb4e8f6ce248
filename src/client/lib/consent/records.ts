/**
 * The consent kept in browser storage (spec §3 "Local consent record", §9): the current record, a history of at
 * most 10 entries, the banner-shown flag and the locally generated session id. Invalid stored data is removed
 * (spec §8), and a record for another policy version counts as no consent, so the visitor is asked again.
 */
import {
  CONSENT_HISTORY_LIMIT,
  CONSENT_METHODS,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEYS,
  type ConsentMethod,
  type ConsentStatus,
} from "@shared/consent";
import { isUuid } from "@shared/ids";

export type ConsentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type LocalConsentRecord = {
  status: ConsentStatus;
  timestamp: string;
  version: string;
  method: ConsentMethod;
  userAgent: string;
};

export type ConsentHistoryEntry = { timestamp: string; method: ConsentMethod; status: ConsentStatus };

// Checked by hand rather than with zod: this runs on every page, and the banner should not pull zod in.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStatus(value: unknown): value is ConsentStatus {
  return (
    isRecord(value) &&
    value.essential === true &&
    typeof value.functional === "boolean" &&
    typeof value.analytics === "boolean" &&
    typeof value.marketing === "boolean"
  );
}

function isTimestamp(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value));
}

function isMethod(value: unknown): value is ConsentMethod {
  return (CONSENT_METHODS as readonly unknown[]).includes(value);
}

function isLocalRecord(value: unknown): value is LocalConsentRecord {
  return (
    isRecord(value) &&
    isStatus(value.status) &&
    isTimestamp(value.timestamp) &&
    typeof value.version === "string" &&
    isMethod(value.method) &&
    typeof value.userAgent === "string"
  );
}

function isHistoryEntry(value: unknown): value is ConsentHistoryEntry {
  return isRecord(value) && isStatus(value.status) && isTimestamp(value.timestamp) && isMethod(value.method);
}

function readJson(storage: ConsentStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The stored record, or null; a record that is malformed or for another policy version is removed. */
export function readConsentRecord(storage: ConsentStorage): LocalConsentRecord | null {
  const value = readJson(storage, CONSENT_STORAGE_KEYS.record);
  if (value === undefined) return null;
  if (!isLocalRecord(value) || value.version !== CONSENT_POLICY_VERSION) {
    storage.removeItem(CONSENT_STORAGE_KEYS.record);
    return null;
  }
  return value;
}

/** The stored history, newest last; invalid history is removed. */
export function readConsentHistory(storage: ConsentStorage): ConsentHistoryEntry[] {
  const value = readJson(storage, CONSENT_STORAGE_KEYS.history);
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isHistoryEntry)) {
    storage.removeItem(CONSENT_STORAGE_KEYS.history);
    return [];
  }
  return value.slice(-CONSENT_HISTORY_LIMIT);
}

/** Stores the record and appends it to the history, which keeps the last 10 entries. */
export function writeConsentRecord(
  storage: ConsentStorage,
  record: LocalConsentRecord,
): ConsentHistoryEntry[] {
  const history = [
    ...readConsentHistory(storage),
    { timestamp: record.timestamp, method: record.method, status: record.status },
  ].slice(-CONSENT_HISTORY_LIMIT);
  storage.setItem(CONSENT_STORAGE_KEYS.record, JSON.stringify(record));
  storage.setItem(CONSENT_STORAGE_KEYS.history, JSON.stringify(history));
  storage.setItem(CONSENT_STORAGE_KEYS.bannerShown, "true");
  return history;
}

export function hasBannerBeenShown(storage: ConsentStorage): boolean {
  return storage.getItem(CONSENT_STORAGE_KEYS.bannerShown) === "true";
}

/** Spec §4 Reset: local consent, history and the banner-shown flag are cleared. */
export function clearConsentRecords(storage: ConsentStorage): void {
  storage.removeItem(CONSENT_STORAGE_KEYS.record);
  storage.removeItem(CONSENT_STORAGE_KEYS.history);
  storage.removeItem(CONSENT_STORAGE_KEYS.bannerShown);
}

/** The stored session id, if there is a valid one (spec §9: generated locally and stored). */
export function readSessionId(storage: ConsentStorage): string | null {
  const value = storage.getItem(CONSENT_STORAGE_KEYS.sessionId);
  if (value === null) return null;
  if (isUuid(value)) return value;
  storage.removeItem(CONSENT_STORAGE_KEYS.sessionId);
  return null;
}

/** The session id, made and stored the first time it is needed (when the visitor makes a choice). */
export function ensureSessionId(storage: ConsentStorage, randomId: () => string): string {
  const existing = readSessionId(storage);
  if (existing) return existing;
  const created = randomId();
  storage.setItem(CONSENT_STORAGE_KEYS.sessionId, created);
  return created;
}

export function forgetSessionId(storage: ConsentStorage): void {
  storage.removeItem(CONSENT_STORAGE_KEYS.sessionId);
}
