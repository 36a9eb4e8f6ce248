import { readFileSync } from "node:fs";
import type { StatementLine } from "./types";

/** A fixture file as the import hands it over: decoded text, but with any BOM and CRLF left in. */
export function readFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

/** A statement line with every field empty unless given, so a test states only what the line has. */
export function statementLine(fields: Partial<StatementLine> & Pick<StatementLine, "row">): StatementLine {
  return {
    bookingDate: "",
    valueDate: null,
    amountCents: 0,
    currency: "EUR",
    counterpartyName: null,
    counterpartyIban: null,
    counterpartyBic: null,
    description: "",
    reference: null,
    bankReference: null,
    endToEndId: null,
    transactionCode: null,
    balanceAfterCents: null,
    ...fields,
  };
}
