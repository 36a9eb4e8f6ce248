/** The operator back office (/beheer): what it lists and the few changes it makes. */
import { z } from "../validation";
import { pageLimit, pageOffset } from "./paging";

/** Rows per page of every back-office list. */
export const OPERATOR_PAGE_SIZE = 25;

export const OperatorPageQuerySchema = z.object({
  limit: pageLimit(100).default(OPERATOR_PAGE_SIZE),
  offset: pageOffset,
});
export type OperatorPageQuery = z.infer<typeof OperatorPageQuerySchema>;

export const ANSWER_REQUIRED_MESSAGE = "Schrijf een antwoord";
export const ANSWER_TOO_LONG_MESSAGE = "Het antwoord mag maximaal 10.000 tekens zijn";

/** The answer to a contact message: mailed to the sender, and the message is then 'answered'. */
export const ContactAnswerInputSchema = z.object({
  message: z
    .string({ error: ANSWER_REQUIRED_MESSAGE })
    .trim()
    .min(1, ANSWER_REQUIRED_MESSAGE)
    .max(10_000, ANSWER_TOO_LONG_MESSAGE),
});
export type ContactAnswerInput = z.infer<typeof ContactAnswerInputSchema>;

export const FLAG_ENABLED_MESSAGE = "Geef aan of de functie aan of uit staat";
export const FeatureFlagToggleSchema = z.object({
  isEnabled: z.boolean({ error: FLAG_ENABLED_MESSAGE }),
});
export type FeatureFlagToggle = z.infer<typeof FeatureFlagToggleSchema>;

/** The spec's contact statuses, with the label the back office shows. */
export const CONTACT_STATUS_LABELS = {
  new: "Nieuw",
  in_progress: "In behandeling",
  answered: "Beantwoord",
  spam: "Spam",
} as const;
export type ContactStatus = keyof typeof CONTACT_STATUS_LABELS;

export const OperatorAnswerSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
});
export type OperatorAnswer = z.infer<typeof OperatorAnswerSchema>;

export const ContactAnswerSchema = z.object({
  message: z.string(),
  answeredBy: z.string(),
  answeredAt: z.string(),
});
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;

const CONTACT_STATUSES = Object.keys(CONTACT_STATUS_LABELS) as [ContactStatus, ...ContactStatus[]];

export const ContactMessageSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  inquiryType: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  submissionTime: z.string(),
  responseTime: z.string().nullable(),
  answers: z.array(ContactAnswerSchema),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const NewsletterSignupRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  source: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type NewsletterSignupRow = z.infer<typeof NewsletterSignupRowSchema>;

export const PrivacyRequestRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  requestType: z.string(),
  status: z.enum(["pending", "in_progress", "completed", "rejected"]),
  identityVerified: z.boolean(),
  receivedAt: z.string(),
  /** AVG art. 12(3): one month from receipt. */
  dueDate: z.string(),
  completedAt: z.string().nullable(),
  /** Still open after its due date (Europe/Amsterdam). */
  isOverdue: z.boolean(),
});
export type PrivacyRequestRow = z.infer<typeof PrivacyRequestRowSchema>;

export const ErrorLogRowSchema = z.object({
  id: z.string(),
  severity: z.string(),
  errorType: z.string().nullable(),
  errorCode: z.string().nullable(),
  message: z.string(),
  url: z.string().nullable(),
  resolved: z.boolean(),
  createdAt: z.string(),
});
export type ErrorLogRow = z.infer<typeof ErrorLogRowSchema>;

export const FeatureFlagRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  environment: z.string(),
  isEnabled: z.boolean(),
  rolloutPercentage: z.number(),
  updatedAt: z.string(),
});
export type FeatureFlagRow = z.infer<typeof FeatureFlagRowSchema>;

export const JobRunRowSchema = z.object({
  name: z.string(),
  lastRunAt: z.string(),
  lastStatus: z.enum(["ok", "failed"]),
  lastDurationMs: z.number(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type JobRunRow = z.infer<typeof JobRunRowSchema>;
