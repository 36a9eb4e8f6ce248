/**
 * ASN Bank CSV export (transactie-historie_<IBAN>_<timestamp>.csv): the headerless Volksbank layout of
 * volksbank-csv.ts. Files of SNS and RegioBank share the layout and are told apart by the own IBAN's bank
 * code (sns-csv.ts); any other bank code is read as ASN.
 */
import type { StatementFormat } from "./types";
import { parseVolksbankCsv, sniffVolksbank } from "./volksbank-csv";

export const asnCsvFormat: StatementFormat = {
  id: "asn-csv",
  sniff: (text) => sniffVolksbank(text) === "asn",
  parse: (text) => ({ format: "asn-csv", formatLabel: "ASN Bank (CSV)", ...parseVolksbankCsv(text) }),
};
