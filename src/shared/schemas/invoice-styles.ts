/**
 * Settings → Factuuropmaak: how the user's invoices, credit notes and quotes look. The accent colour and the
 * page footer are branding, like the logo, so every document shows the current choice.
 */
import { z } from "../validation";
import { optionalText } from "./clients";

export const PAGE_FOOTER_MAX_LENGTH = 300;

export const INVOICE_STYLE_MESSAGES = {
  accentColorInvalid: "Kies een kleur als hexcode, bijvoorbeeld #1d4ed8",
  pageFooterTooLong: `Voettekst mag maximaal ${PAGE_FOOTER_MAX_LENGTH} tekens zijn`,
} as const;

/** '#rrggbb', the form a colour input gives; stored in lower case. */
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** PUT /api/settings/invoice-style. An empty colour means the standard look (black title, grey lines). */
export const InvoiceStyleInputSchema = z.object({
  accentColor: z
    .string({ error: INVOICE_STYLE_MESSAGES.accentColorInvalid })
    .trim()
    .refine((value) => value === "" || HEX_COLOR.test(value), INVOICE_STYLE_MESSAGES.accentColorInvalid)
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
  /** Printed at the foot of every page: terms, registration, a greeting. */
  pageFooter: optionalText(PAGE_FOOTER_MAX_LENGTH, INVOICE_STYLE_MESSAGES.pageFooterTooLong),
});
export type InvoiceStyleFormInput = z.input<typeof InvoiceStyleInputSchema>;
export type InvoiceStyleInput = z.output<typeof InvoiceStyleInputSchema>;

/** GET /api/settings/invoice-style, and the style an invoice document is drawn in. */
export const InvoiceStyleSchema = z.object({
  accentColor: z.string().nullable(),
  pageFooter: z.string().nullable(),
});
export type InvoiceStyle = z.infer<typeof InvoiceStyleSchema>;

export const DEFAULT_INVOICE_STYLE: InvoiceStyle = { accentColor: null, pageFooter: null };
