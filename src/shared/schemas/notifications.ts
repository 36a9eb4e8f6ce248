import { z } from "../validation";

export const NOTIFICATION_KINDS = [
  "invoice_overdue",
  "vat_due",
  "vat_late",
  "vat_correction",
  "timer_running",
  "bank_lines_open",
  "import_failed",
  "purchase_due",
  "quote_accepted",
  "trial_ending",
] as const;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  description: z.string(),
  /** The screen that resolves it. */
  href: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications: what needs the user's attention now, most urgent first. */
export const NotificationListSchema = z.object({
  count: z.number(),
  items: z.array(NotificationSchema),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** A timer running longer than this is probably forgotten. */
export const TIMER_FORGOTTEN_HOURS = 12;
/** A VAT return due within this many days is announced. */
export const VAT_DUE_WARNING_DAYS = 14;
