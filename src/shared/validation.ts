import { z } from "zod";

// Every schema in Balans imports zod from here, so that zod's own messages (a wrong type, a missing field)
// are Dutch on the server and in the browser alike.
z.config(z.locales.nl());

export { z };

/** Names, numbers and other one-line fields: a line break there breaks the invoice, the PDF and the exports. */
export const SINGLE_LINE_MESSAGE = "Gebruik één regel, zonder regeleinde";
export const isSingleLine = (value: string | null | undefined) => !value || !/[\r\n\u2028\u2029]/.test(value);

/** A record id as the database makes them (uuid); anything else cannot be one of the user's records. */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
