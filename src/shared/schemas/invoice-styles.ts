/**
 * Settings → Factuuropmaak: how the user's invoices, credit notes and quotes look. The accent colour and the
 * page footer are branding, like the logo, so every document shows the current choice.
 */
import { z } from "../validation";
import { optionalText } from "./clients";

export const PAGE_FOOTER_MAX_LENGTH = 300;

/**
 * The layouts of an invoice, credit note and quote. Each prints the same facts (every field art. 35a Wet OB asks,
 * the payment QR code, the page footer); they differ only in how the page is arranged.
 */
export const INVOICE_LAYOUTS = ["classic", "modern", "compact"] as const;
export type InvoiceLayout = (typeof INVOICE_LAYOUTS)[number];
export const INVOICE_LAYOUT_LABELS: Readonly<Record<InvoiceLayout, { name: string; description: string }>> = {
  classic: { name: "Klassiek", description: "Titel rechtsboven, lijnen onder de kop van de tabel" },
  modern: { name: "Modern", description: "Een gekleurde band met de titel, een gevulde tabelkop" },
  compact: { name: "Compact", description: "Kleinere letters, dus meer regels per pagina" },
};

export const INVOICE_STYLE_MESSAGES = {
  accentColorInvalid: "Kies een kleur als hexcode, bijvoorbeeld #1d4ed8",
  pageFooterTooLong: `Voettekst mag maximaal ${PAGE_FOOTER_MAX_LENGTH} tekens zijn`,
  layoutInvalid: "Kies een opmaak: Klassiek, Modern of Compact",
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
  /** Left out: the standard layout, Klassiek. */
  layout: z.enum(INVOICE_LAYOUTS, { error: INVOICE_STYLE_MESSAGES.layoutInvalid }).default("classic"),
});
export type InvoiceStyleFormInput = z.input<typeof InvoiceStyleInputSchema>;
export type InvoiceStyleInput = z.output<typeof InvoiceStyleInputSchema>;

/** GET /api/settings/invoice-style, and the style an invoice document is drawn in. */
export const InvoiceStyleSchema = z.object({
  accentColor: z.string().nullable(),
  pageFooter: z.string().nullable(),
  layout: z.enum(INVOICE_LAYOUTS),
});
export type InvoiceStyle = z.infer<typeof InvoiceStyleSchema>;

export const DEFAULT_INVOICE_STYLE: InvoiceStyle = { accentColor: null, pageFooter: null, layout: "classic" };
