/**
 * Record ids are uuids as the database makes them. This is the one check for "could this be one of the user's
 * records"; it has no dependencies, so the public pages (the cookie banner's session id) can use it without zod.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid; anything else cannot be one of the user's records (services answer 404 for it). */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
