import { z } from "zod";

// Every schema in Balans imports zod from here, so that zod's own messages (a wrong type, a missing field)
// are Dutch on the server and in the browser alike.
z.config(z.locales.nl());

export { z };

/** Names, numbers and other one-line fields: a line break there breaks the invoice, the PDF and the exports. */
export const SINGLE_LINE_MESSAGE = "Gebruik één regel, zonder regeleinde";
export const isSingleLine = (value: string | null | undefined) => !value || !/[\r\n\u2028\u2029]/.test(value);

export { isUuid } from "./ids";

/**
 * The `:id` of every route. Deliberately any string: a malformed id answers 404 from the service (as a foreign
 * or missing record does), never a 400 that would tell ids apart.
 */
export const IdParamsSchema = z.object({ id: z.string() });
