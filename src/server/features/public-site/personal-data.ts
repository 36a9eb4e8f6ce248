/**
 * What the public site keeps about one e-mail address, for a privacy request (AVG art. 15 and 17): contact
 * messages, newsletter sign-ups, sign-up leads, and the copy of a submitted form that the form screening logs.
 * The privacy feature asks for these by address; these tables are written here only.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactSubmissions, formSecurityLogs, newsletterSignups, signupLeads } from "../../db/schema/index";
import { forgetMailsAbout } from "../../mail/outbox";
import { contactMailReference } from "./contact";

const byAddress = (
  column: typeof contactSubmissions.email | typeof newsletterSignups.email,
  address: string,
) => eq(sql`lower(${column})`, address.toLowerCase());

/** The screening log's copy of a form is matched on the address typed into it. */
const formCopyOf = (address: string) =>
  sql`lower(${formSecurityLogs.submittedData} ->> 'email') = ${address.toLowerCase()}`;

export async function publicRecordsOf(db: Database, address: string) {
  const [contactMessages, newsletter, leads, formCopies] = await Promise.all([
    db.select().from(contactSubmissions).where(byAddress(contactSubmissions.email, address)),
    db
      .select({
        email: newsletterSignups.email,
        name: newsletterSignups.name,
        interests: newsletterSignups.interests,
        source: newsletterSignups.source,
        confirmedAt: newsletterSignups.confirmedAt,
        unsubscribedAt: newsletterSignups.unsubscribedAt,
        createdAt: newsletterSignups.createdAt,
      })
      .from(newsletterSignups)
      .where(byAddress(newsletterSignups.email, address)),
    db
      .select()
      .from(signupLeads)
      .where(eq(sql`lower(${signupLeads.email})`, address.toLowerCase())),
    db
      .select({
        formType: formSecurityLogs.formType,
        submittedData: formSecurityLogs.submittedData,
        ipAddress: formSecurityLogs.ipAddress,
        createdAt: formSecurityLogs.createdAt,
      })
      .from(formSecurityLogs)
      .where(formCopyOf(address)),
  ]);
  return { contactMessages, newsletter, signupLeads: leads, formSubmissions: formCopies };
}

/** Erasure by address: every public-site record of it goes, the screening log's copies of its forms included. */
export async function forgetAddress(tx: Database, address: string): Promise<void> {
  await tx.delete(newsletterSignups).where(byAddress(newsletterSignups.email, address));
  const messages = await tx
    .delete(contactSubmissions)
    .where(byAddress(contactSubmissions.email, address))
    .returning({ id: contactSubmissions.id });
  // The support team's copy of each message goes with it.
  await forgetMailsAbout(
    tx,
    messages.map((message) => contactMailReference(message.id)),
  );
  await tx.delete(signupLeads).where(eq(sql`lower(${signupLeads.email})`, address.toLowerCase()));
  await tx.delete(formSecurityLogs).where(formCopyOf(address));
}
