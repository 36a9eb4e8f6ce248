import { eq } from "drizzle-orm";
import { MARKETING } from "@shared/content/marketing";
import { INQUIRY_TYPES, type ContactValues } from "@shared/schemas/public-site";
import type { Database } from "../../db/client";
import { contactSubmissions } from "../../db/schema/index";
import { sendMail } from "../../mail/outbox";

export type Visitor = { ipAddress: string; userAgent: string | null };

/**
 * Stores a contact message (spec §3 contact submission), mails it to the support address for the team to answer,
 * and confirms receipt to the visitor, in one transaction so a stored message always has both mails.
 *
 * The confirmation repeats none of the visitor's own text: otherwise anyone could make Balans mail arbitrary
 * words to any address by typing it into the form.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactValues,
  visitor: Visitor,
  now: Date,
  supportEmail: string,
): Promise<{ id: string; reference: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        company: input.company ?? null,
        phone: input.phone ?? null,
        inquiryType: input.inquiryType,
        source: "website",
        userAgent: visitor.userAgent,
        ipAddress: visitor.ipAddress,
        submissionTime: now,
      })
      .returning({ id: contactSubmissions.id });
    const reference = referenceOf(row!.id);
    await sendMail(tx, {
      recipient: input.email,
      subject: `We hebben je bericht ontvangen (${reference})`,
      text: [
        `Hallo ${firstWord(input.name)},`,
        "",
        `Bedankt voor je bericht aan Balans. We hebben het goed ontvangen en je hoort binnen twee werkdagen van ons (${MARKETING.support.openingHoursText}).`,
        "",
        `Soort vraag: ${INQUIRY_TYPES[input.inquiryType]}`,
        `Referentie: ${reference}`,
        "",
        "Wil je iets aanvullen? Beantwoord dan deze e-mail en noem de referentie.",
        "",
        "Met vriendelijke groet,",
        "Team Balans",
      ].join("\n"),
    });
    // The whole message, for the team; it names the sender, so erasure finds it by its reference.
    await sendMail(tx, {
      recipient: supportEmail,
      reference: contactMailReference(row!.id),
      subject: `Contactformulier: ${input.subject} (${reference})`,
      text: [
        `Van: ${input.name} <${input.email}>`,
        ...(input.company ? [`Bedrijf: ${input.company}`] : []),
        ...(input.phone ? [`Telefoon: ${input.phone}`] : []),
        `Soort vraag: ${INQUIRY_TYPES[input.inquiryType]}`,
        `Referentie: ${reference}`,
        "",
        input.message,
      ].join("\n"),
    });
    return { id: row!.id, reference };
  });
}

/** An operator answered the message (features/operator keeps the answer itself). */
export async function markContactAnswered(db: Database, submissionId: string, now: Date): Promise<void> {
  await db
    .update(contactSubmissions)
    .set({ status: "answered", responseTime: now })
    .where(eq(contactSubmissions.id, submissionId));
}

/** The reference of the support copy of a contact message in the outbox. */
export const contactMailReference = (submissionId: string) => `contact:${submissionId}`;

/** A short reference the visitor can quote: the first eight characters of the submission id. */
export function referenceOf(id: string): string {
  return `BAL-${id.slice(0, 8).toUpperCase()}`;
}

function firstWord(name: string): string {
  return name.split(/\s+/)[0] ?? name;
}
