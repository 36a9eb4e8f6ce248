import { generateKeyPairSync, randomBytes } from "node:crypto";
import { connect } from "node:net";
import { createTransport, type SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startInboxReceiver, type InboxMail, type InboxReceiver } from "./smtp-receiver";

const DOMAIN = "inbox.balans.test";
const MAX_MESSAGE_BYTES = 300_000;
const TOKENS: Record<string, string> = {
  tokenanna: "user-anna",
  tokenanna2: "user-anna",
  tokenbert: "user-bert",
};

// The sender's DKIM key, published in the fake DNS below.
const dkimKeys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "der" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

// Test clients connect from 127.0.0.1; 192.0.2.10 is another (documentation) address.
const TXT_RECORDS: Record<string, string> = {
  "leverancier.example": "v=spf1 ip4:127.0.0.1 -all",
  "_dmarc.leverancier.example": "v=DMARC1; p=reject",
  "bank.example": "v=spf1 ip4:192.0.2.10 -all",
  "_dmarc.bank.example": "v=DMARC1; p=reject",
  "sel1._domainkey.bank.example": `v=DKIM1; k=rsa; p=${dkimKeys.publicKey.toString("base64")}`,
  "wachtrij.example": "v=spf1 ip4:192.0.2.10 -all",
  "_dmarc.wachtrij.example": "v=DMARC1; p=quarantine",
  "proef.example": "v=spf1 ip4:192.0.2.10 -all",
  "_dmarc.proef.example": "v=DMARC1; p=none",
  "oud.example": "v=spf1 ip4:192.0.2.10 -all",
  "zacht.example": "v=spf1 ip4:192.0.2.10 ~all",
};

async function fakeResolver(name: string, rrtype: string): Promise<string[][]> {
  const record = rrtype === "TXT" ? TXT_RECORDS[name.toLowerCase()] : undefined;
  if (record === undefined) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return [[record]];
}

const lookups: string[] = [];
const delivered: { userId: string; mail: InboxMail }[] = [];
const failingUsers = new Set<string>();
let receiver: InboxReceiver;

beforeAll(async () => {
  receiver = await startInboxReceiver({
    port: 0,
    host: "127.0.0.1",
    domain: DOMAIN,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    async findRecipient(localPart) {
      lookups.push(localPart);
      return TOKENS[localPart] ?? null;
    },
    async deliver(userId, mail) {
      if (failingUsers.has(userId)) throw new Error("database unavailable");
      delivered.push({ userId, mail });
    },
    resolver: fakeResolver,
    logger: { info() {}, warn() {} },
  });
});
afterAll(() => receiver.close());
beforeEach(() => {
  lookups.length = 0;
  delivered.length = 0;
  failingUsers.clear();
});

/** Sends over SMTP and returns the reply code nodemailer reports, for success and failure alike. */
async function send(
  message: SendMailOptions,
): Promise<{ code: number; response: string; rejected: unknown[] }> {
  const transport = createTransport({
    host: "127.0.0.1",
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
    name: "mail.leverancier.example",
  });
  try {
    const info = await transport.sendMail(message);
    return { code: Number(info.response.slice(0, 3)), response: info.response, rejected: info.rejected };
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    return { code: responseCode ?? 0, response: response ?? String(error), rejected: [] };
  } finally {
    transport.close();
  }
}

const pdf = (size = 20_000) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size)]);
// A signature logo: a small image referenced from the HTML by cid.
const logo = {
  filename: "logo.png",
  content: randomBytes(2_000),
  contentType: "image/png",
  cid: "logo@leverancier",
};
const invoiceMail = (overrides: SendMailOptions = {}): SendMailOptions => ({
  from: "Leverancier BV <facturen@leverancier.example>",
  to: `tokenanna@${DOMAIN}`,
  subject: "Factuur 2026-001",
  text: "Bijgaand de factuur.",
  attachments: [{ filename: "factuur.pdf", content: pdf() }],
  ...overrides,
});

describe("inbox SMTP receiver", () => {
  it("advertises the size limit in its EHLO reply", async () => {
    expect(await ehloReply(receiver.port)).toMatch(new RegExp(`^250[- ]SIZE ${MAX_MESSAGE_BYTES}\\r?$`, "m"));
  });

  it("accepts a mail with a PDF: the bytes arrive unchanged, the name without path parts, the logo left out", async () => {
    const bytes = pdf();
    const result = await send(
      invoiceMail({
        html: '<p>Bijgaand de factuur.</p><img src="cid:logo@leverancier">',
        attachments: [{ filename: "../../scans/factuur-2026-001.pdf", content: bytes }, logo],
      }),
    );

    expect(result.code).toBe(250);
    expect(lookups).toEqual(["tokenanna"]);
    expect(delivered).toHaveLength(1);
    const [{ userId, mail }] = delivered as [(typeof delivered)[number]];
    expect(userId).toBe("user-anna");
    expect(mail).toMatchObject({ from: "facturen@leverancier.example", subject: "Factuur 2026-001" });
    expect(mail.messageId).toMatch(/^<.+>$/);
    expect(mail.attachments.map(({ fileName, mimeType }) => ({ fileName, mimeType }))).toEqual([
      { fileName: "factuur-2026-001.pdf", mimeType: "application/pdf" },
    ]);
    expect(Buffer.from(mail.attachments[0]!.bytes).equals(bytes)).toBe(true);
  });

  it("hands over two attachments, recognised by content type or by extension", async () => {
    const xml = Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl"/>');
    const photo = randomBytes(40_000);
    const result = await send(
      invoiceMail({
        attachments: [
          { filename: "factuur.xml", content: xml, contentType: "application/octet-stream" },
          { filename: "bon", content: photo, contentType: "image/jpeg" },
        ],
      }),
    );

    expect(result.code).toBe(250);
    const attachments = delivered[0]!.mail.attachments;
    expect(attachments.map(({ fileName, mimeType }) => ({ fileName, mimeType }))).toEqual([
      { fileName: "factuur.xml", mimeType: "application/xml" },
      { fileName: "bon", mimeType: "image/jpeg" },
    ]);
    expect(Buffer.from(attachments[0]!.bytes).equals(xml)).toBe(true);
    expect(Buffer.from(attachments[1]!.bytes).equals(photo)).toBe(true);
  });

  it("delivers once per known user when a mail has several recipients, and refuses the unknown one", async () => {
    const result = await send(
      invoiceMail({
        to: [`tokenanna@${DOMAIN}`, `tokenbert@${DOMAIN}`, `tokenanna2@${DOMAIN}`, `onbekend@${DOMAIN}`],
      }),
    );

    expect(result.code).toBe(250);
    expect(result.rejected).toEqual([`onbekend@${DOMAIN}`]);
    expect(delivered.map((delivery) => delivery.userId).sort()).toEqual(["user-anna", "user-bert"]);
  });

  it.each([
    ["an unknown token", `onbekend@${DOMAIN}`, ["onbekend"]],
    ["another domain", "tokenanna@elders.example", []],
  ])("refuses %s at RCPT TO with 550 5.1.1", async (_case, to, expectedLookups) => {
    const result = await send(invoiceMail({ to }));

    expect(result.code).toBe(550);
    expect(result.response).toContain("5.1.1");
    expect(lookups).toEqual(expectedLookups);
    expect(delivered).toEqual([]);
  });

  it.each([
    ["no attachment", []],
    ["only a signature logo", [logo]],
    ["only a Word document", [{ filename: "factuur.docx", content: randomBytes(20_000) }]],
  ])("refuses a mail with %s: an attachment is needed", async (_case, attachments) => {
    const result = await send(invoiceMail({ html: '<img src="cid:logo@leverancier">', attachments }));

    expect(result.code).toBe(550);
    expect(result.response).toMatch(/bijlage is nodig.*attachment is needed/);
    expect(delivered).toEqual([]);
  });

  it("refuses a message over the size limit with 552", async () => {
    const result = await send(
      invoiceMail({ attachments: [{ filename: "factuur.pdf", content: pdf(400_000) }] }),
    );

    expect(result.code).toBe(552);
    expect(delivered).toEqual([]);
  });

  it.each([
    { policy: "DMARC p=reject, SPF fail, unsigned", domain: "bank.example", isSigned: false, code: 550 },
    { policy: "DMARC p=reject, SPF fail, DKIM-signed", domain: "bank.example", isSigned: true, code: 250 },
    { policy: "DMARC p=quarantine, SPF fail", domain: "wachtrij.example", isSigned: false, code: 550 },
    { policy: "DMARC p=none, SPF fail", domain: "proef.example", isSigned: false, code: 250 },
    { policy: "no DMARC, SPF fail", domain: "oud.example", isSigned: false, code: 550 },
    { policy: "no DMARC, SPF softfail", domain: "zacht.example", isSigned: false, code: 250 },
    { policy: "no DMARC, no SPF", domain: "nergens.example", isSigned: false, code: 250 },
  ])("authenticates the sender: $policy → $code", async ({ domain, isSigned, code }) => {
    const result = await send(
      invoiceMail({
        from: `facturen@${domain}`,
        ...(isSigned
          ? { dkim: { domainName: domain, keySelector: "sel1", privateKey: dkimKeys.privateKey } }
          : {}),
      }),
    );

    expect(result.code).toBe(code);
    if (code === 550) expect(result.response).toContain("5.7.1");
    expect(delivered).toHaveLength(code === 250 ? 1 : 0);
  });

  it("answers 451 when delivery fails and records nothing", async () => {
    failingUsers.add("user-anna");

    const result = await send(invoiceMail());

    expect(result.code).toBe(451);
    expect(delivered).toEqual([]);
  });

  it("delivers a retried message once per user, also to users served before the failure", async () => {
    const raw = await new MailComposer(
      invoiceMail({
        to: [`tokenanna@${DOMAIN}`, `tokenbert@${DOMAIN}`],
        messageId: "<retry-1@leverancier.example>",
      }),
    )
      .compile()
      .build();
    const envelope = {
      from: "facturen@leverancier.example",
      to: [`tokenanna@${DOMAIN}`, `tokenbert@${DOMAIN}`],
    };
    failingUsers.add("user-bert");

    expect((await send({ envelope, raw })).code).toBe(451);
    expect(delivered.map((delivery) => delivery.userId)).toEqual(["user-anna"]);

    failingUsers.clear();
    expect((await send({ envelope, raw })).code).toBe(250);
    // The sender did not see our 250 and sends once more.
    expect((await send({ envelope, raw })).code).toBe(250);
    expect(delivered.map((delivery) => delivery.userId)).toEqual(["user-anna", "user-bert"]);
  });
});

/** The EHLO reply, read over a bare socket since nodemailer does not expose the advertised extensions. */
function ehloReply(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let isGreeted = false;
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!isGreeted && /^220 .*\r\n/m.test(received)) {
        isGreeted = true;
        received = "";
        socket.write("EHLO mail.leverancier.example\r\n");
      } else if (isGreeted && /^250 .*\r\n/m.test(received)) {
        socket.end("QUIT\r\n");
        resolve(received);
      }
    });
  });
}
