/**
 * The inbox end to end: a supplier's mail server delivers over SMTP to the receiver as main.ts wires it, and the
 * attachment becomes a purchase invoice of the address's owner, read and ready to review.
 */
import { readFileSync } from "node:fs";
import { createTransport } from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import type { PurchaseInbox } from "../../../shared/schemas/purchase-invoices";
import { findInboxOwner, getInbox, receiveMail, renewInbox } from "./inbox";
import { startInboxReceiver, type InboxReceiver } from "./inbox/smtp-receiver";

const DOMAIN = "inbox.balans.test";
const PEPPOL = readFileSync(new URL("./reading/fixtures/xml/peppol-nl-21-9.xml", import.meta.url));

let t: TestApp;
let owner: SignedIn;
let receiver: InboxReceiver;

// The supplier's domain publishes SPF for the sending address and a DMARC policy.
const TXT: Record<string, string> = {
  "jansen.example": "v=spf1 ip4:127.0.0.1 -all",
  "_dmarc.jansen.example": "v=DMARC1; p=reject",
};
const resolver = async (name: string, type: string) => {
  const record = type === "TXT" ? TXT[name.toLowerCase()] : undefined;
  if (!record) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return [[record]];
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  const db = t.database.db;
  receiver = await startInboxReceiver({
    port: 0,
    host: "127.0.0.1",
    domain: DOMAIN,
    findRecipient: (localPart) => findInboxOwner(db, localPart),
    deliver: (userId, mail) => receiveMail(db, t.app.documentStore, t.app.readingQueue, userId, mail),
    resolver,
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const send = (to: string, port = receiver.port) =>
  createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }).sendMail({
    from: "facturen@jansen.example",
    to,
    subject: "Factuur 2026-0042",
    text: "Bijgaand onze factuur.",
    attachments: [{ filename: "2026-0042.xml", content: PEPPOL, contentType: "application/xml" }],
  });

it("turns a mailed e-invoice into a purchase invoice of the address's owner; a renewed address ends the old one", async () => {
  const inbox = await t.app.inject({
    method: "GET",
    url: "/api/purchase-invoices/inbox",
    headers: { cookie: owner.cookie },
  });
  // The test app runs without an inbox domain: the screen says the inbox is off.
  expect(inbox.json()).toEqual({ enabled: false, address: null });

  const address: PurchaseInbox = await getInbox(t.database.db, owner.user.id, DOMAIN);
  expect(address.address).toMatch(new RegExp(`^[0-9a-f]{20}@${DOMAIN.replaceAll(".", "\\.")}$`));
  // Asking again gives the same address.
  expect((await getInbox(t.database.db, owner.user.id, DOMAIN)).address).toBe(address.address);

  const sent = await send(address.address!);
  expect(sent.response).toMatch(/^250/);
  await t.app.readingQueue.idle();
  const list = (await owner.request({ method: "GET", url: "/api/purchase-invoices" })).json();
  expect(list.items).toHaveLength(1);
  const detail = (
    await owner.request({ method: "GET", url: `/api/purchase-invoices/${list.items[0].id}` })
  ).json();
  expect(detail).toMatchObject({
    status: "review",
    source: "email",
    invoiceNumber: "2026-0042",
    total: "175.50",
    description: "E-mail van facturen@jansen.example: Factuur 2026-0042",
    document: { fileName: "2026-0042.xml" },
  });

  const renewed = await renewInbox(t.database.db, owner.user.id, DOMAIN);
  expect(renewed.address).not.toBe(address.address);
  await expect(send(address.address!)).rejects.toMatchObject({ responseCode: 550 });
});

it("delivers a retried mail once, also after a restart forgot which mails were delivered", async () => {
  const second = await t.signIn();
  const { address } = await getInbox(t.database.db, second.user.id, DOMAIN);
  expect((await send(address!)).response).toMatch(/^250/);
  // A new receiver remembers nothing; the sender retries because it never saw the 250.
  const restarted = await startInboxReceiver({
    port: 0,
    host: "127.0.0.1",
    domain: DOMAIN,
    findRecipient: (localPart) => findInboxOwner(t.database.db, localPart),
    deliver: (userId, mail) =>
      receiveMail(t.database.db, t.app.documentStore, t.app.readingQueue, userId, mail),
    resolver,
  });
  try {
    expect((await send(address!, restarted.port)).response).toMatch(/^250/);
  } finally {
    await restarted.close();
  }
  await t.app.readingQueue.idle();
  const list = (await second.request({ method: "GET", url: "/api/purchase-invoices" })).json();
  expect(list.items).toHaveLength(1);
});
