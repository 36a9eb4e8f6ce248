/**
 * SNS and RegioBank CSV export: the headerless Volksbank layout of volksbank-csv.ts, recognised by the own
 * IBAN's bank code SNSB or RBRB (ASN Bank files share the layout: asn-csv.ts).
 */
import type { StatementFormat } from "./types";
import { parseVolksbankCsv, sniffVolksbank } from "./volksbank-csv";

export const snsCsvFormat: StatementFormat = {
  id: "sns-csv",
  sniff: (text) => sniffVolksbank(text) === "sns",
  parse: (text) => ({ format: "sns-csv", formatLabel: "SNS/RegioBank (CSV)", ...parseVolksbankCsv(text) }),
};
