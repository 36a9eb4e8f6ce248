/**
 * The newsletter with double opt-in (AVG art. 7: consent we can prove):
 * 1. Sign-up stores the address as pending with the consent and mails a confirmation link; the table keeps
 *    only the SHA-256 of the link's token.
 * 2. The link confirms the address once; it expires after a week.
 * 3. Every mail carries an unsubscribe link signed with the server secret, valid for as long as the address
 *    is on the list.
 * The answer to a sign-up never tells whether an address was already on the list.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { NewsletterAnswer } from "@shared/schemas/public-site";
import type { Database } from "../../db/client";
import { newsletterSignups } from "../../db/schema/index";
import { AppError, uniqueViolation } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { hashToken, newToken } from "../../tokens";
import type { Visitor } from "./contact";

const DAY = 24 * 60 * 60 * 1000;
export const CONFIRMATION_VALID_MS = 7 * DAY;
/** A repeated sign-up within this time sends no second e-mail, so the form cannot flood someone's inbox. */
export const RESEND_AFTER_MS = 5 * 60 * 1000;

export const NEWSLETTER_MESSAGES = {
  pending:
    "Bijna klaar! We hebben je een e-mail gestuurd. Klik op de link daarin om je aanmelding te bevestigen.",
  confirmed: "Je aanmelding is bevestigd. Je ontvangt voortaan onze nieuwsbrief.",
  unsubscribed: "Je bent afgemeld voor de nieuwsbrief. Je ontvangt geen nieuwsbrieven meer van ons.",
  invalidConfirmation:
    "Deze bevestigingslink is verlopen of al gebruikt. Meld je opnieuw aan via het formulier.",
  invalidUnsubscribe:
    "Deze afmeldlink is ongeldig. Gebruik de link uit de laatste e-mail die je van ons kreeg.",
} as const;

type Links = { baseUrl: string; secret: string };

export async function signUpForNewsletter(
  db: Database,
  input: { email: string; name?: string | undefined; source?: string | undefined },
  visitor: Visitor,
  now: Date,
  links: Links,
): Promise<NewsletterAnswer> {
  const answer: NewsletterAnswer = { status: "pending", message: NEWSLETTER_MESSAGES.pending };
  try {
    await signUp(db, input, visitor, now, links);
  } catch (error) {
    // Two sign-ups of a new address at the same moment: the unique index lets one in, and that one mails.
    if (uniqueViolation(error) === null) throw error;
  }
  return answer;
}

async function signUp(
  db: Database,
  input: { email: string; name?: string | undefined; source?: string | undefined },
  visitor: Visitor,
  now: Date,
  links: Links,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSignups)
      .where(sql`lower(${newsletterSignups.email}) = ${input.email.toLowerCase()}`)
      .for("update");
    if (existing?.status === "confirmed") return;
    const recentlySent =
      existing?.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS;
    if (existing?.status === "pending" && recentlySent) return;

    const token = newToken();
    const values = {
      gdprConsent: true,
      doubleOptIn: true,
      confirmationToken: hashToken(token),
      confirmationSentAt: now,
      status: "pending" as const,
      source: input.source ?? "website",
      userAgent: visitor.userAgent,
      ipAddress: visitor.ipAddress,
      ...(input.name ? { name: input.name } : {}),
    };
    const [row] = existing
      ? await tx
          .update(newsletterSignups)
          .set({ ...values, confirmedAt: null })
          .where(eq(newsletterSignups.id, existing.id))
          .returning({ id: newsletterSignups.id })
      : await tx
          .insert(newsletterSignups)
          .values({ ...values, email: input.email })
          .returning({ id: newsletterSignups.id });
    await sendMail(tx, {
      recipient: input.email,
      subject: "Bevestig je aanmelding voor de nieuwsbrief van Balans",
      text: [
        "Hallo,",
        "",
        "Je hebt je aangemeld voor de nieuwsbrief van Balans: praktische tips over boekhouden, btw en facturen voor zzp'ers, ongeveer één keer per maand.",
        "",
        "Bevestig je aanmelding met deze link (7 dagen geldig):",
        `${links.baseUrl}/nieuwsbrief/bevestigen?token=${token}`,
        "",
        "Heb je je niet aangemeld? Dan hoef je niets te doen: zonder bevestiging sturen we je niets.",
        "",
        "Afmelden kan altijd:",
        unsubscribeUrl(links, row!.id),
        "",
        "Met vriendelijke groet,",
        "Team Balans",
      ].join("\n"),
    });
  });
}

export async function confirmNewsletter(
  db: Database,
  token: string,
  now: Date,
  links: Links,
): Promise<NewsletterAnswer> {
  const [row] = await db
    .select()
    .from(newsletterSignups)
    .where(eq(newsletterSignups.confirmationToken, hashToken(token)));
  const isValid =
    row?.status === "pending" &&
    row.confirmationSentAt !== null &&
    now.getTime() - row.confirmationSentAt.getTime() <= CONFIRMATION_VALID_MS;
  if (!row || !isValid) throw new AppError(400, NEWSLETTER_MESSAGES.invalidConfirmation);

  await db.transaction(async (tx) => {
    await tx
      .update(newsletterSignups)
      .set({ status: "confirmed", confirmedAt: now, confirmationToken: null, unsubscribedAt: null })
      .where(eq(newsletterSignups.id, row.id));
    await sendMail(tx, {
      recipient: row.email,
      subject: "Je bent aangemeld voor de nieuwsbrief van Balans",
      text: [
        "Hallo,",
        "",
        "Je aanmelding is bevestigd. Vanaf nu ontvang je de nieuwsbrief van Balans.",
        "",
        "Wil je hem niet meer ontvangen? Meld je dan hier af:",
        unsubscribeUrl(links, row.id),
        "",
        "Met vriendelijke groet,",
        "Team Balans",
      ].join("\n"),
    });
  });
  return { status: "confirmed", message: NEWSLETTER_MESSAGES.confirmed };
}

export async function unsubscribeFromNewsletter(
  db: Database,
  token: string,
  now: Date,
  secret: string,
): Promise<NewsletterAnswer> {
  const signupId = readUnsubscribeToken(secret, token);
  const [row] = signupId
    ? await db.select().from(newsletterSignups).where(eq(newsletterSignups.id, signupId))
    : [];
  if (!row) throw new AppError(400, NEWSLETTER_MESSAGES.invalidUnsubscribe);
  if (row.status !== "unsubscribed") {
    await db
      .update(newsletterSignups)
      .set({ status: "unsubscribed", unsubscribedAt: now, confirmationToken: null })
      .where(eq(newsletterSignups.id, row.id));
  }
  return { status: "unsubscribed", message: NEWSLETTER_MESSAGES.unsubscribed };
}

export function unsubscribeUrl(links: Links, signupId: string): string {
  return `${links.baseUrl}/nieuwsbrief/afmelden?token=${unsubscribeToken(links.secret, signupId)}`;
}

export function unsubscribeToken(secret: string, signupId: string): string {
  return `${signupId}.${signUnsubscribe(secret, signupId)}`;
}

function readUnsubscribeToken(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signUnsubscribe(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}

function signUnsubscribe(secret: string, signupId: string): string {
  return createHmac("sha256", secret).update(`balans:newsletter-unsubscribe:${signupId}`).digest("base64url");
}
