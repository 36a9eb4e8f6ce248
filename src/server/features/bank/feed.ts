/**
 * Bank feeds: where a PSD2 aggregator (GoCardless Bank Account Data, Ponto, Tink) would deliver statement lines
 * without a file. Balans has no live connection to one; the file import is the working path. An adapter only
 * has to produce the same ParsedStatement the file formats produce, and hand it to the import, which then does
 * everything else (account by IBAN, nothing twice, one transaction, matching).
 */
import type { ParsedStatement } from "./formats/types";

export type BankFeedConsent = {
  /** The aggregator's id of the user's consent (requisition, access). */
  id: string;
  /** The accounts the user allowed, as IBANs. */
  ibans: string[];
  /** PSD2 consents last at most 180 days; after this the user must renew it at their bank. */
  validUntil: string;
};

export interface BankFeed {
  /** For people: 'GoCardless Bank Account Data'. */
  readonly name: string;
  /** The address to send the user to, to give consent at their bank; the aggregator returns to `returnUrl`. */
  startConsent(input: {
    institutionId: string;
    returnUrl: string;
    reference: string;
  }): Promise<{ url: string }>;
  /** The consent after the user came back, or null when it was refused or has expired. */
  consent(reference: string): Promise<BankFeedConsent | null>;
  /** The booked lines of one account since a day, as a statement (balances when the aggregator gives them). */
  statementSince(consent: BankFeedConsent, iban: string, since: string): Promise<ParsedStatement>;
}
