/**
 * The client's answer on the public page, reached by the link in the quote's e-mail (no account). The link's
 * token is looked up by its hash. A quote is answered once: accepting records the typed name, the moment and
 * the address it came from; declining an optional reason. An expired quote cannot be answered any more.
 * The owner hears of the answer by e-mail (through the outbox, in the answer's transaction) when their account
 * has an address.
 */
import { and, eq } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { formatDate, formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import type { AcceptQuoteInput, DeclineQuoteInput, PublicQuote } from "../../../shared/schemas/quotes";
import type { Database } from "../../db/client";
import { quotes, users } from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { hashToken } from "../../tokens";
import { publicQuoteOf, renderQuotePdf } from "./document";
import { effectiveStatus, type QuoteRow } from "./service";

export const PUBLIC_QUOTE_MESSAGES = {
  unknownLink:
    "Deze link naar een offerte klopt niet. Gebruik de hele link uit de e-mail, of vraag de afzender om een nieuwe.",
  answered: (row: QuoteRow) =>
    `Deze offerte is al ${row.status === "accepted" ? "geaccepteerd" : "afgewezen"} op ${formatDate(
      businessDate(row.answeredAt!),
    )}; een offerte kan maar één keer worden beantwoord.`,
  expired: (row: QuoteRow) =>
    `Deze offerte was geldig tot en met ${formatDate(row.validUntil)} en kan niet meer worden geaccepteerd. ` +
    `Vraag ${row.sellerSnapshot?.name ?? "de afzender"} om een nieuwe offerte.`,
} as const;

async function findByToken(db: Database, token: string, lock = false): Promise<QuoteRow> {
  const query = db
    .select()
    .from(quotes)
    .where(eq(quotes.publicTokenHash, hashToken(token)));
  const [row] = lock ? await query.for("update") : await query;
  // Only a sent quote has a link; a guessed token finds nothing.
  if (!row || row.status === "draft") throw notFound(PUBLIC_QUOTE_MESSAGES.unknownLink);
  return row;
}

export async function viewPublicQuote(db: Database, token: string, now: Date): Promise<PublicQuote> {
  return publicQuoteOf(db, await findByToken(db, token), businessDate(now));
}

export async function publicQuotePdf(db: Database, token: string) {
  const row = await findByToken(db, token);
  return renderQuotePdf(db, row.userId, row);
}

/** How the outbox knows the owner's mail about a quote's answer (apart from the quote's own mail to the client). */
export const quoteAnswerMailReference = (quoteId: string) => `quote-answer:${quoteId}`;

/** Tells the owner the client's answer; demo accounts and accounts without an address get no mail. */
async function mailOwner(tx: Database, row: QuoteRow): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, isDemo: users.isDemo })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner?.email || owner.isDemo) return;
  const isAccepted = row.status === "accepted";
  const client = row.clientSnapshot?.name ?? "De klant";
  const verb = isAccepted ? "geaccepteerd" : "afgewezen";
  const who = isAccepted && row.answeredName ? `${row.answeredName} (${client})` : client;
  const amount = formatEuro(parseCents(row.total) ?? 0);
  await sendMail(tx, {
    userId: row.userId,
    reference: quoteAnswerMailReference(row.id),
    recipient: owner.email,
    subject: `Offerte ${row.quoteNumber} is ${verb} door ${client}`,
    text:
      `${who} heeft offerte ${row.quoteNumber} voor ${amount} op ${formatDate(businessDate(row.answeredAt!))} ${verb}.\n\n` +
      (isAccepted
        ? "Zet de offerte in Balans bij Offertes om naar een factuur of een aanbetalingsfactuur.\n"
        : row.declineReason
          ? `De reden van de klant: “${row.declineReason}”\n`
          : "De klant gaf geen reden op.\n"),
  });
}

type Answer =
  | { status: "accepted"; name: string; reason: null }
  | { status: "declined"; name: null; reason: string | null };

/** The one operation behind both buttons: checks the quote can still be answered, then records the answer. */
async function answerQuote(
  db: Database,
  token: string,
  answer: Answer,
  { now, ip }: { now: Date; ip: string },
): Promise<PublicQuote> {
  const today = businessDate(now);
  const row = await db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (row.status === "accepted" || row.status === "declined") {
      throw new AppError(409, PUBLIC_QUOTE_MESSAGES.answered(row));
    }
    if (effectiveStatus(row, today) === "expired")
      throw new AppError(409, PUBLIC_QUOTE_MESSAGES.expired(row));
    const [answered] = await tx
      .update(quotes)
      .set({
        status: answer.status,
        answeredAt: now,
        answeredName: answer.name,
        declineReason: answer.reason,
        answeredIp: ip,
      })
      .where(and(eq(quotes.id, row.id), eq(quotes.status, "sent")))
      .returning();
    await mailOwner(tx, answered!);
    return answered!;
  });
  return publicQuoteOf(db, row, today);
}

export const acceptQuote = (
  db: Database,
  input: AcceptQuoteInput,
  context: { now: Date; ip: string },
): Promise<PublicQuote> =>
  answerQuote(db, input.token, { status: "accepted", name: input.name, reason: null }, context);

export const declineQuote = (
  db: Database,
  input: DeclineQuoteInput,
  context: { now: Date; ip: string },
): Promise<PublicQuote> =>
  answerQuote(db, input.token, { status: "declined", name: null, reason: input.reason }, context);
