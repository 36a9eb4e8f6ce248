/**
 * Passwords too common to allow: the ~49,000 of zxcvbn-ts's list (the most frequent passwords in public breach
 * corpora, ranked), with a few Dutch ones it lacks. Compared case-insensitively; the spec's minimum of 6 stays.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

const DUTCH = [
  "wachtwoord1",
  "wachtwoord123",
  "welkom123",
  "welkom2025",
  "welkom2026",
  "geheim123",
  "boekhouding",
  "balans123",
];

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set([...dictionary["passwords-common"], ...DUTCH]);
  return common.has(password.toLowerCase());
}
