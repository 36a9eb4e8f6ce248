/**
 * The versions in force of the texts a new account agrees to, by the date each took effect. Sign-up records them
 * with the moment of acceptance; each text states its own version (tests/legal-versions.test.ts checks they agree).
 */
export const TERMS_VERSION = "2026-01-01";
export const PRIVACY_VERSION = "2026-01-01";
