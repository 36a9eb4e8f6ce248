import { and, eq, isNull, max, ne } from "drizzle-orm";
import { businessDate } from "@shared/dates";
import type { Database } from "../../db/client";
import { invoices, transactions, users } from "../../db/schema/index";
import { forgetMailsOf, forgetMailsToAddress } from "../../mail/outbox";
import { forgetBilling } from "../billing/service";
import { forgetAccountLinks } from "../auth/account-links";
import {
  closeErasedAccount,
  deleteAccount,
  deleteRetainedAccountsBefore,
  deleteSessionsOf,
} from "../auth/accounts";
import { forgetClients } from "../clients/service";
import { unlinkConsentsOf } from "../consent/service";
import { forgetDraftInvoices } from "../invoices/service";
import { unlinkOperatorRecordsOf } from "../operator/service";
import { forgetProjects } from "../projects/service";
import { forgetRecurringInvoices } from "../recurring-invoices/service";
import { deleteLogo } from "../settings/service";
import { unlinkSearchQueriesOf } from "../site-search/service";
import { forgetTimeEntries } from "../time-tracking/service";
import { forgetRunningTimer } from "../time-tracking/timer";
import { stopAllRecurringTransactions } from "../transactions/service";
import { forgetTwoFactor } from "../auth/two-factor";
import { forgetImportReports } from "../imports/service";
import { forgetAddress } from "../public-site/personal-data";
import { forgetUnbookedPurchases } from "../purchase-invoices/service";
import { lastBookedPurchaseDate } from "../purchase-invoices/records";
import { lastAssetDate } from "../fixed-assets/service";
import { lastMemorialDate } from "../memorial/service";
import { forgetReminderSettings } from "../reminders/service";
import { forgetInvoiceStyle } from "../invoice-styles/service";
import { forgetPreferences } from "../settings/service";
import { forgetQuotes } from "../quotes/service";
import { forgetApiTokens } from "../api-tokens/service";
import { forgetAdministrationAccess } from "../administrations/service";
import { removeOnlinePayments } from "../payment-links/service";

/** Fiscal records are kept seven years after the end of the year they belong to (AWR art. 52, BW 2:10). */
export const FISCAL_RETENTION_YEARS = 7;

export type ErasureOutcome = {
  /** Whether an account used this e-mail address. */
  accountFound: boolean;
  /** What was removed, in the words of the confirmation page and e-mail. */
  deleted: string[];
  /** What is kept, restricted, and until when; null when nothing had to be kept. */
  retained: { what: string[]; until: string } | null;
};

const DELETED_FROM_ACCOUNT = [
  "je inloggegevens, naam en e-mailadres",
  "je relaties (klanten) en projecten",
  "je urenregistraties en een lopende timer",
  "conceptfacturen",
  "inkoopfacturen en bonnetjes die nog niet geboekt waren, en je inbox-adres",
  "je logo en verzonden e-mails in de outbox",
];
const DELETED_PUBLIC = [
  "nieuwsbriefinschrijvingen, contactformulieren en aanmeldingen met dit e-mailadres",
  "e-mails die Balans naar dit adres stuurde",
];
const RETAINED = [
  "verzonden facturen en creditnota's",
  "geboekte inkoopfacturen en bonnetjes, met hun originelen",
  "transacties, bankrekeningen, categorieën en je bedrijfsgegevens zoals die op facturen staan",
  "memoriaalboekingen",
  "investeringen en hun afschrijvingen",
];

/**
 * AVG art. 17 within the fiscal retention duty. Everything that is not a fiscal record is deleted; invoices and
 * the books are kept, restricted: the account is closed (no sign-in, no jobs), its personal details are removed,
 * and the retention job deletes the rest once the last fiscal year's seven years have passed. An account without
 * fiscal records is deleted outright. Runs in the caller's transaction so a failure changes nothing.
 * The account is the one the request was bound to (`userId`, null when no account had the address), never
 * whoever uses the address now; the public-site records go by the address.
 */
export async function eraseDataOf(
  tx: Database,
  subject: { email: string; userId: string | null },
  now: Date,
): Promise<ErasureOutcome> {
  const address = subject.email.toLowerCase();
  await forgetAddress(tx, address);
  await forgetMailsToAddress(tx, address);
  await forgetAdministrationAccess(tx, address, subject.userId);

  const [user] = subject.userId
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, subject.userId), isNull(users.erasedAt)))
    : [];
  if (!user) return { accountFound: false, deleted: DELETED_PUBLIC, retained: null };

  const lastFiscalYear = await lastFiscalYearOf(tx, user.id);
  // Proof of consent (AVG art. 7(1)) stays, no longer linked to the person; so do searches and operator logs.
  await unlinkConsentsOf(tx, user.id);
  await unlinkSearchQueriesOf(tx, user.id);
  await unlinkOperatorRecordsOf(tx, user.id);
  // Before the account may go: a running subscription to Balans is queued for cancelling at the provider.
  await forgetBilling(tx, user.id);

  if (lastFiscalYear === null) {
    await deleteAccount(tx, user.id);
    return {
      accountFound: true,
      deleted: ["je account met alles wat erin stond", ...DELETED_PUBLIC],
      retained: null,
    };
  }

  await deleteSessionsOf(tx, user.id);
  await forgetAccountLinks(tx, user.id);
  await forgetTwoFactor(tx, user.id);
  await forgetApiTokens(tx, user.id);
  await forgetRunningTimer(tx, user.id);
  // A closed account invoices nothing new: its abonnementen (and their history) go; the invoices stay.
  await forgetRecurringInvoices(tx, user.id);
  await forgetDraftInvoices(tx, user.id);
  await forgetTimeEntries(tx, user.id);
  await forgetProjects(tx, user.id);
  await forgetClients(tx, user.id);
  await forgetMailsOf(tx, user.id);
  await forgetPreferences(tx, user.id);
  await forgetReminderSettings(tx, user.id);
  await forgetInvoiceStyle(tx, user.id);
  await forgetImportReports(tx, user.id);
  await forgetQuotes(tx, user.id);
  // A closed account takes no payments: its Mollie key goes; the links stay with the invoices they paid.
  await removeOnlinePayments(tx, user.id);
  await forgetUnbookedPurchases(tx, user.id);
  await deleteLogo(tx, user.id);
  // A closed account books nothing new: recurring templates stop.
  await stopAllRecurringTransactions(tx, user.id);

  const retainedUntil = `${lastFiscalYear + FISCAL_RETENTION_YEARS}-12-31`;
  await closeErasedAccount(tx, user.id, retainedUntil, now);
  return {
    accountFound: true,
    deleted: [...DELETED_FROM_ACCOUNT, ...DELETED_PUBLIC],
    retained: { what: RETAINED, until: retainedUntil },
  };
}

/**
 * The latest year with a sent invoice, a transaction, a booked purchase invoice, a memorial entry or an asset
 * bought or disposed of: the year the retention period counts from.
 */
async function lastFiscalYearOf(tx: Database, userId: string): Promise<number | null> {
  // One after another: statements on one transaction's connection cannot run side by side.
  const [invoice] = await tx
    .select({ date: max(invoices.issueDate) })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), ne(invoices.status, "draft")));
  const [transaction] = await tx
    .select({ date: max(transactions.date) })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  const purchase = await lastBookedPurchaseDate(tx, userId);
  const memorial = await lastMemorialDate(tx, userId);
  const asset = await lastAssetDate(tx, userId);
  const years = [invoice?.date, transaction?.date, purchase, memorial, asset]
    .filter((value): value is string => Boolean(value))
    .map((value) => Number(value.slice(0, 4)));
  return years.length > 0 ? Math.max(...years) : null;
}

/** The retention job: restricted accounts whose retention period has ended are deleted with all they held. */
export function deleteExpiredRetainedAccounts(db: Database, now: Date): Promise<number> {
  return deleteRetainedAccountsBefore(db, businessDate(now));
}
