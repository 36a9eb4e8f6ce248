/**
 * Whether an account may write today: the one rule plugins/session.ts asks on every write. Through the trial's
 * last day and through the last paid day (Europe/Amsterdam calendar days) it may; after both it reads only.
 * Demo accounts and operators are never billed, and an installation without billing has no trial limit.
 */
import { and, eq, isNotNull, max } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import {
  BILLING_MESSAGES,
  billingStateOn,
  trialEndOf,
  type BillingState,
} from "../../../shared/schemas/billing";
import type { Database } from "../../db/client";
import { billingAccounts, billingPayments } from "../../db/schema/index";
import type { SessionUser } from "../auth/sessions";

export type BillingAccess = {
  state: BillingState;
  trialEndsOn: string | null;
  paidThrough: string | null;
};

/** Whose account is never billed: demo accounts (they end after two hours) and Balans's operators. */
export const isNeverBilled = (user: Pick<SessionUser, "isDemo" | "isOperator">) =>
  user.isDemo || user.isOperator;

/** The trial's last day and the last paid day; an account without a row is in the trial its sign-up started. */
export async function billingPeriodsOf(
  db: Database,
  user: Pick<SessionUser, "id" | "createdAt">,
): Promise<{ trialEndsOn: string; paidThrough: string | null }> {
  const [account] = await db
    .select({ trialEndsOn: billingAccounts.trialEndsOn })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, user.id));
  // A payment charged back, refunded or failed covers nothing: only paid ones count.
  const [paid] = await db
    .select({ paidThrough: max(billingPayments.periodEnd) })
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.userId, user.id),
        eq(billingPayments.status, "paid"),
        isNotNull(billingPayments.paidAt),
      ),
    );
  return {
    trialEndsOn: account?.trialEndsOn ?? trialEndOf(businessDate(user.createdAt)),
    paidThrough: paid?.paidThrough ?? null,
  };
}

export async function billingAccessOf(
  db: Database,
  user: SessionUser,
  now: Date,
  isBillingOn: boolean,
): Promise<BillingAccess> {
  if (!isBillingOn || isNeverBilled(user))
    return { state: "unlimited", trialEndsOn: null, paidThrough: null };
  const periods = await billingPeriodsOf(db, user);
  return { state: billingStateOn(businessDate(now), periods), ...periods };
}

/** The message a refused write answers with (403), or null when the account may write. */
export async function writeRefusal(
  db: Database,
  user: SessionUser,
  now: Date,
  isBillingOn: boolean,
): Promise<string | null> {
  const access = await billingAccessOf(db, user, now, isBillingOn);
  if (access.state !== "read_only") return null;
  return access.paidThrough === null ? BILLING_MESSAGES.trialEnded : BILLING_MESSAGES.subscriptionEnded;
}
