/**
 * The entry dialog's lines as typed (a debit and a credit column) and what they become for the shared schema:
 * one signed amount per line, debit positive, credit negative.
 */
import { formatAmount } from "@shared/format";
import { centsToDecimal, parseAmount, type Cents } from "@shared/money";
import {
  PRIVATE_USE_RUBRIEK,
  type MemorialEntry,
  type MemorialEntryFormInput,
} from "@shared/schemas/memorial";

export type LineText = {
  /** A key for React only; never sent. */
  key: string;
  ledgerAccountId: string;
  description: string;
  debit: string;
  credit: string;
};

export type FormText = {
  date: string;
  description: string;
  /** The entry declares privégebruik in rubriek 1d of the VAT return. */
  isPrivateUse: boolean;
  lines: LineText[];
};

let nextKey = 0;
export const newLineKey = () => `regel-${++nextKey}`;

export const emptyLine = (): LineText => ({
  key: newLineKey(),
  ledgerAccountId: "",
  description: "",
  debit: "",
  credit: "",
});

const isFilled = (text: string) => text.trim() !== "";

/** The form of a saved entry: a positive amount in the debit column, a negative one in the credit column. */
export function toFormText(entry: MemorialEntry): FormText {
  return {
    date: entry.date,
    description: entry.description,
    isPrivateUse: entry.vatRubriek === PRIVATE_USE_RUBRIEK,
    lines: entry.lines.map((line) => {
      const cents = parseAmount(line.amount) ?? 0;
      return {
        key: newLineKey(),
        ledgerAccountId: line.ledgerAccountId,
        description: line.description ?? "",
        debit: cents > 0 ? formatAmount(cents) : "",
        credit: cents < 0 ? formatAmount(-cents) : "",
      };
    }),
  };
}

/**
 * A line's signed amount for the schema: the debit as typed, the credit negated. Text that is no amount goes as
 * typed so the schema names the problem; a line without either is 0, which the schema refuses with its message.
 */
function signedAmount(line: LineText): string | number {
  if (isFilled(line.debit)) return line.debit;
  if (!isFilled(line.credit)) return 0;
  const cents = parseAmount(line.credit);
  return cents === null ? line.credit : centsToDecimal(-cents);
}

export function toInput(form: FormText): MemorialEntryFormInput {
  return {
    date: form.date,
    description: form.description,
    vatRubriek: form.isPrivateUse ? PRIVATE_USE_RUBRIEK : null,
    lines: form.lines.map((line) => ({
      ledgerAccountId: line.ledgerAccountId,
      amount: signedAmount(line),
      description: line.description,
    })),
  };
}

/** The debits, the credits and their difference (debit minus credit), of the amounts that can be read. */
export function totalsOf(lines: readonly LineText[]): { debit: Cents; credit: Cents; difference: Cents } {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    const debitCents = isFilled(line.debit) ? (parseAmount(line.debit) ?? 0) : 0;
    const creditCents = isFilled(line.credit) ? (parseAmount(line.credit) ?? 0) : 0;
    debit += debitCents;
    credit += creditCents;
  }
  return { debit, credit, difference: debit - credit };
}
