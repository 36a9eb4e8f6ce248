import { deleteExpiredSessions } from "../features/auth/sessions";
import type { Job } from "./scheduler";

const HOUR = 60 * 60 * 1000;

/** Every scheduled job of Balans. */
export const JOBS: Job[] = [
  { name: "delete-expired-sessions", intervalMs: HOUR, run: deleteExpiredSessions },
];
