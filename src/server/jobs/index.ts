import { deleteExpiredSessions } from "../features/auth/sessions";
import { generateDueRecurringTransactions } from "../features/transactions/recurring";
import type { Job } from "./scheduler";

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Every scheduled job of Balans. */
export const JOBS: Job[] = [
  { name: "delete-expired-sessions", intervalMs: HOUR, run: deleteExpiredSessions },
  // Occurrences are due on their calendar day; checking every 15 minutes creates them soon after midnight.
  { name: "recurring-transactions", intervalMs: 15 * MINUTE, run: generateDueRecurringTransactions },
];
