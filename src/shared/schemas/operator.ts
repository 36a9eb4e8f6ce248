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

export type OperatorAnswer = { id: string; username: string; email: string | null };

export type ContactAnswer = { message: string; answeredBy: string; answeredAt: string };

export type ContactMessage = {
  id: string;
  reference: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  inquiryType: string;
  subject: string;
  message: string;
  status: ContactStatus;
  submissionTime: string;
  responseTime: string | null;
  answers: ContactAnswer[];
};

export type NewsletterSignupRow = {
  id: string;
  email: string;
  name: string | null;
  status: "pending" | "confirmed" | "unsubscribed";
  source: string | null;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};

export type PrivacyRequestRow = {
  id: string;
  email: string;
  requestType: string;
  status: "pending" | "in_progress" | "completed" | "rejected";
  identityVerified: boolean;
  receivedAt: string;
  /** AVG art. 12(3): one month from receipt. */
  dueDate: string;
  completedAt: string | null;
  /** Still open after its due date (Europe/Amsterdam). */
  isOverdue: boolean;
};

export type ErrorLogRow = {
  id: string;
  severity: string;
  errorType: string | null;
  errorCode: string | null;
  message: string;
  url: string | null;
  resolved: boolean;
  createdAt: string;
};

export type FeatureFlagRow = {
  id: string;
  name: string;
  description: string | null;
  category: string;
  environment: string;
  isEnabled: boolean;
  rolloutPercentage: number;
  updatedAt: string;
};

export type JobRunRow = {
  name: string;
  lastRunAt: string;
  lastStatus: "ok" | "failed";
  lastDurationMs: number;
  lastSuccessAt: string | null;
  lastError: string | null;
};
