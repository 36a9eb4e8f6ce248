/**
 * The dashboard's first-steps checklist: each step is read from the feature that owns its records, through
 * that feature's service (never its tables), so a step is done exactly when that feature says so.
 */
import { isCompanyReadyToInvoice } from "../../../shared/schemas/settings";
import type { Onboarding } from "../../../shared/schemas/onboarding";
import type { Database } from "../../db/client";
import { listBankAccountRefs } from "../bank/accounts";
import { countStatements } from "../bank/balances";
import { summariseClients } from "../clients/service";
import { countIssuedInvoices } from "../invoices/service";
import { getCompanyProfile, getPreferences } from "../settings/service";

export async function getOnboarding(db: Database, userId: string): Promise<Onboarding> {
  const [company, accounts, clients, issuedInvoices, statements, preferences] = await Promise.all([
    getCompanyProfile(db, userId),
    listBankAccountRefs(db, userId),
    summariseClients(db, userId, { role: "customer" }),
    countIssuedInvoices(db, userId),
    countStatements(db, userId),
    getPreferences(db, userId),
  ]);
  return {
    steps: {
      companyData: isCompanyReadyToInvoice(company),
      // Statements are matched to accounts by IBAN, so an account without one is not the user's bank yet.
      bankAccount: accounts.some((account) => account.iban !== null),
      client: clients.total > 0,
      invoice: issuedInvoices > 0,
      bankImport: statements > 0,
    },
    isDismissed: preferences.isOnboardingDismissed,
  };
}
