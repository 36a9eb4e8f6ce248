import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerAccountAnswer } from "../../../shared/schemas/ledger";
import {
  MEMORIAL_MESSAGES,
  type MemorialEntry,
  type MemorialEntrySummary,
} from "../../../shared/schemas/memorial";
import { journalLines, memorialEntries, users } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { expectEveryEntryBalanced, journalSnapshot } from "../../../../tests/books";
import { createCompanyProfile } from "../../../../tests/factories";
import { filedPeriodMessage } from "../ledger/lock";
import { rebuildLedger } from "../ledger/posting";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
/** The owner's accounts by name. */
let account: (name: string) => LedgerAccountAnswer;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-10-15T10:00:00Z");
  // In Balans since January: the owner can file Q3.
  owner = await t.signIn({ createdAt: new Date("2026-01-05T09:00:00Z") });
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  const accounts = await balances(owner);
  account = (name) => accounts.find((row) => row.name === name)!;
});
afterAll(() => t.close());

const URL = "/api/memorial-entries";

async function balances(as: SignedIn): Promise<LedgerAccountAnswer[]> {
  const response = await as.request({ method: "GET", url: "/api/ledger/accounts?date=2026-12-31" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const balanceOf = async (as: SignedIn, name: string) =>
  (await balances(as)).find((row) => row.name === name)!.balance;

/** Algemene kosten moved to Kantoorkosten: the correction of a cost booked on the wrong account. */
const reclassification = (overrides: object = {}) => ({
  date: "2026-11-02",
  description: "Printer geboekt op algemene kosten",
  lines: [
    { ledgerAccountId: account("Kantoorkosten").id, amount: "249,00", description: "Printer" },
    { ledgerAccountId: account("Algemene kosten").id, amount: "-249,00" },
  ],
  ...overrides,
});

const create = (as: SignedIn, payload: object) => as.request({ method: "POST", url: URL, payload });

describe("POST /api/memorial-entries", () => {
  it("books the entry: the accounts' balances move, and the entry is numbered and listed", async () => {
    const response = await create(owner, reclassification());
    expect(response.statusCode, response.body).toBe(201);
    const entry: MemorialEntry = response.json();
    expect(entry).toMatchObject({
      number: 1,
      date: "2026-11-02",
      description: "Printer geboekt op algemene kosten",
      total: "249.00",
      lockedAt: null,
      lines: [
        {
          ledgerAccountId: account("Kantoorkosten").id,
          accountCode: "4200",
          accountName: "Kantoorkosten",
          amount: "249.00",
          description: "Printer",
        },
        { accountName: "Algemene kosten", amount: "-249.00", description: null },
      ],
    });
    expect(await balanceOf(owner, "Kantoorkosten")).toBe("249.00");
    expect(await balanceOf(owner, "Algemene kosten")).toBe("-249.00");

    const lines = await t.database.db
      .select({ description: journalLines.description, vatBox: journalLines.vatBox })
      .from(journalLines)
      .where(eq(journalLines.sourceId, entry.id));
    expect(lines.map((line) => line.description).sort()).toEqual([
      "Memoriaal 1: Printer geboekt op algemene kosten",
      "Printer",
    ]);
    expect(lines.every((line) => line.vatBox === null)).toBe(true);

    const list: MemorialEntrySummary[] = (await owner.request({ method: "GET", url: URL })).json();
    expect(list).toEqual([
      expect.objectContaining({ id: entry.id, number: 1, total: "249.00", lockedAt: null }),
    ]);
    expect((await owner.request({ method: "GET", url: `${URL}/${entry.id}` })).json()).toEqual(entry);
  });

  it("numbers per administration in order of creation and lists the newest first", async () => {
    const user = await t.signIn();
    const accounts = await balances(user);
    const lines = [
      { ledgerAccountId: accounts.find((row) => row.name === "Kas")!.id, amount: 10 },
      { ledgerAccountId: accounts.find((row) => row.name === "Eigen vermogen")!.id, amount: -10 },
    ];
    const numbers: number[] = [];
    // At once: the numbering is taken one at a time, so none is handed out twice.
    const answers = await Promise.all(
      ["2026-03-01", "2026-01-15", "2026-03-01"].map((date) =>
        create(user, { date, description: "Kas", lines }),
      ),
    );
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(201);
      numbers.push(response.json().number);
    }
    expect(numbers.sort()).toEqual([1, 2, 3]);
    const list: MemorialEntrySummary[] = (await user.request({ method: "GET", url: URL })).json();
    expect(list.map((entry) => entry.date)).toEqual(["2026-03-01", "2026-03-01", "2026-01-15"]);
    expect(list[0]!.number).toBeGreaterThan(list[1]!.number);
    // A deleted entry's number is not taken by the next one while a later number exists.
    const middle = list.find((entry) => entry.number === 2)!;
    expect((await user.request({ method: "DELETE", url: `${URL}/${middle.id}` })).statusCode).toBe(204);
    const next = await create(user, { date: "2026-04-01", description: "Kas", lines });
    expect(next.json().number).toBe(4);
    // Nor is the newest entry's number, once deleted: number 4 stays the deleted entry's.
    expect((await user.request({ method: "DELETE", url: `${URL}/${next.json().id}` })).statusCode).toBe(204);
    const after = await create(user, { date: "2026-04-02", description: "Kas", lines });
    expect(after.json().number).toBe(5);
    // The other user's numbering is their own.
    const other = await create(owner, reclassification({ date: "2026-11-03" }));
    expect(other.json().number).toBe(2);
  });

  it("refuses every invalid entry with its message, and books nothing", async () => {
    const kantoor = account("Kantoorkosten").id;
    const algemeen = account("Algemene kosten").id;
    const before = await journalSnapshot(t.database.db, owner.user.id);
    const cases: Array<[object, string, string]> = [
      [reclassification({ date: "" }), "date", MEMORIAL_MESSAGES.dateRequired],
      [reclassification({ date: undefined }), "date", MEMORIAL_MESSAGES.dateRequired],
      [reclassification({ date: "2026-02-30" }), "date", MEMORIAL_MESSAGES.dateInvalid],
      [reclassification({ description: "  " }), "description", MEMORIAL_MESSAGES.descriptionRequired],
      [
        reclassification({ description: "x".repeat(501) }),
        "description",
        MEMORIAL_MESSAGES.descriptionTooLong,
      ],
      [reclassification({ lines: [] }), "lines", MEMORIAL_MESSAGES.linesTooFew],
      [
        reclassification({ lines: [{ ledgerAccountId: kantoor, amount: "0" }] }),
        "lines",
        MEMORIAL_MESSAGES.linesTooFew,
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: kantoor, amount: "10,00" },
            { ledgerAccountId: algemeen, amount: "0,00" },
            { ledgerAccountId: algemeen, amount: "-10,00" },
          ],
        }),
        "lines.1.amount",
        MEMORIAL_MESSAGES.amountZero,
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: kantoor, amount: 10.005 },
            { ledgerAccountId: algemeen, amount: "-10,0050" },
          ],
        }),
        "lines.0.amount",
        MEMORIAL_MESSAGES.amountInvalid,
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: kantoor, amount: "tien" },
            { ledgerAccountId: algemeen, amount: -10 },
          ],
        }),
        "lines.0.amount",
        MEMORIAL_MESSAGES.amountInvalid,
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: "", amount: 10 },
            { ledgerAccountId: algemeen, amount: -10 },
          ],
        }),
        "lines.0.ledgerAccountId",
        MEMORIAL_MESSAGES.accountRequired,
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: kantoor, amount: "100,00" },
            { ledgerAccountId: algemeen, amount: "-90,50" },
          ],
        }),
        "lines",
        "Debet en credit zijn niet gelijk: verschil € 9,50",
      ],
      [
        reclassification({
          lines: [
            { ledgerAccountId: kantoor, amount: 1, description: "x".repeat(201) },
            { ledgerAccountId: algemeen, amount: -1 },
          ],
        }),
        "lines.0.description",
        MEMORIAL_MESSAGES.lineDescriptionTooLong,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(owner, payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      // The euro sign and the amount are joined by a non-breaking space, as formatEuro writes it.
      expect(response.json().fieldErrors[field]?.replace(/\u00a0/g, " "), field).toBe(message);
    }
    expect(await journalSnapshot(t.database.db, owner.user.id)).toEqual(before);
  });

  it("refuses another user's account, or one that does not exist, as not found", async () => {
    const theirs = (await balances(stranger)).find((row) => row.name === "Kantoorkosten")!.id;
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const response = await create(
        owner,
        reclassification({
          lines: [
            { ledgerAccountId: account("Algemene kosten").id, amount: "-5" },
            { ledgerAccountId: id, amount: "5" },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({
        message: MEMORIAL_MESSAGES.accountNotFound,
        fieldErrors: { "lines.1.ledgerAccountId": MEMORIAL_MESSAGES.accountNotFound },
      });
    }
    expect(await balanceOf(stranger, "Kantoorkosten")).toBe("0.00");
  });

  it("keeps Verwerkte resultaten for the closing of a year", async () => {
    const response = await create(
      owner,
      reclassification({
        lines: [
          { ledgerAccountId: account("Algemene kosten").id, amount: "-5" },
          { ledgerAccountId: account("Verwerkte resultaten").id, amount: "5" },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      "lines.1.ledgerAccountId": MEMORIAL_MESSAGES.closingAccount,
    });
  });
});

describe("changing, deleting and locking", () => {
  it("edits an entry: the books follow, the number stays", async () => {
    const entry: MemorialEntry = (await create(owner, reclassification({ date: "2026-12-01" }))).json();
    const before = await balanceOf(owner, "Kantoorkosten");
    const response = await owner.request({
      method: "PUT",
      url: `${URL}/${entry.id}`,
      payload: reclassification({
        date: "2026-12-02",
        description: "Printer, gecorrigeerd",
        lines: [
          { ledgerAccountId: account("Kantoorkosten").id, amount: "200" },
          { ledgerAccountId: account("Software en abonnementen").id, amount: "49" },
          { ledgerAccountId: account("Algemene kosten").id, amount: "-249" },
        ],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      number: entry.number,
      date: "2026-12-02",
      description: "Printer, gecorrigeerd",
      total: "249.00",
    });
    expect(response.json().lines).toHaveLength(3);
    expect(Number(await balanceOf(owner, "Kantoorkosten"))).toBe(Number(before) - 49);
    expect(await balanceOf(owner, "Software en abonnementen")).toBe("49.00");
    await expectEveryEntryBalanced(t.database.db, owner.user.id);

    // An invalid edit changes nothing.
    const invalid = await owner.request({
      method: "PUT",
      url: `${URL}/${entry.id}`,
      payload: reclassification({ description: "" }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.description).toBe(MEMORIAL_MESSAGES.descriptionRequired);
    expect((await owner.request({ method: "GET", url: `${URL}/${entry.id}` })).json().description).toBe(
      "Printer, gecorrigeerd",
    );
  });

  it("deletes an entry and its lines in the books", async () => {
    const before = await balanceOf(owner, "Kantoorkosten");
    const entry: MemorialEntry = (await create(owner, reclassification({ date: "2026-12-03" }))).json();
    expect(await balanceOf(owner, "Kantoorkosten")).not.toBe(before);
    const response = await owner.request({ method: "DELETE", url: `${URL}/${entry.id}` });
    expect(response.statusCode).toBe(204);
    expect(await balanceOf(owner, "Kantoorkosten")).toBe(before);
    expect((await owner.request({ method: "GET", url: `${URL}/${entry.id}` })).statusCode).toBe(404);
    const left = await t.database.db.$count(journalLines, eq(journalLines.sourceId, entry.id));
    expect(left).toBe(0);
  });

  it("a locked entry can no longer be changed or deleted", async () => {
    const entry: MemorialEntry = (await create(owner, reclassification({ date: "2026-12-04" }))).json();
    const locked = await owner.request({ method: "POST", url: `${URL}/${entry.id}/lock` });
    expect(locked.statusCode, locked.body).toBe(200);
    const lockedAt = locked.json().lockedAt;
    expect(lockedAt).toBe("2026-10-15T10:00:00.000Z");
    // Locking again keeps the first moment.
    t.now.value = new Date("2026-10-16T10:00:00Z");
    const again = await owner.request({ method: "POST", url: `${URL}/${entry.id}/lock` });
    t.now.value = new Date("2026-10-15T10:00:00Z");
    expect(again.json().lockedAt).toBe(lockedAt);

    const refused = [
      await owner.request({ method: "PUT", url: `${URL}/${entry.id}`, payload: reclassification() }),
      await owner.request({ method: "DELETE", url: `${URL}/${entry.id}` }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(MEMORIAL_MESSAGES.locked);
    }
    expect((await owner.request({ method: "GET", url: `${URL}/${entry.id}` })).json()).toMatchObject({
      date: "2026-12-04",
      lockedAt,
    });
    const list: MemorialEntrySummary[] = (await owner.request({ method: "GET", url: URL })).json();
    expect(list.find((row) => row.id === entry.id)!.lockedAt).toBe(lockedAt);
  });

  it("another user's entry, or a malformed id, is not found and stays as it was", async () => {
    const entry: MemorialEntry = (await create(owner, reclassification({ date: "2026-12-05" }))).json();
    for (const id of [entry.id, "geen-id"]) {
      const answers = [
        await stranger.request({ method: "GET", url: `${URL}/${id}` }),
        await stranger.request({ method: "PUT", url: `${URL}/${id}`, payload: reclassification() }),
        await stranger.request({ method: "DELETE", url: `${URL}/${id}` }),
        await stranger.request({ method: "POST", url: `${URL}/${id}/lock` }),
      ];
      for (const response of answers) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().message).toBe(MEMORIAL_MESSAGES.notFound);
      }
    }
    expect((await stranger.request({ method: "GET", url: URL })).json()).toEqual([]);
    expect((await owner.request({ method: "GET", url: `${URL}/${entry.id}` })).json()).toEqual(entry);
  });
});

describe("the filing lock", () => {
  let inQ3: MemorialEntry;

  beforeAll(async () => {
    inQ3 = (await create(owner, reclassification({ date: "2026-09-15" }))).json();
    const filing = await owner.request({
      method: "POST",
      url: "/api/vat-returns/2026-Q3/file",
      payload: { filedOn: "2026-10-10", reference: "OB-2026-Q3" },
    });
    expect(filing.statusCode, filing.body).toBe(200);
  });

  it("refuses an entry dated in a filed VAT period, and any change into or out of it", async () => {
    const locked = filedPeriodMessage("Q3 2026");
    const before = await journalSnapshot(t.database.db, owner.user.id);
    const count = (await owner.request({ method: "GET", url: URL })).json().length;
    const outside: MemorialEntry = (await create(owner, reclassification({ date: "2026-10-05" }))).json();
    const refused = [
      await create(owner, reclassification({ date: "2026-09-30" })),
      await owner.request({ method: "PUT", url: `${URL}/${inQ3.id}`, payload: reclassification() }),
      await owner.request({ method: "DELETE", url: `${URL}/${inQ3.id}` }),
      await owner.request({
        method: "PUT",
        url: `${URL}/${outside.id}`,
        payload: reclassification({ date: "2026-08-01" }),
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(locked);
    }
    expect((await owner.request({ method: "GET", url: URL })).json()).toHaveLength(count + 1);
    expect((await owner.request({ method: "GET", url: `${URL}/${inQ3.id}` })).json()).toEqual(inQ3);
    expect((await owner.request({ method: "DELETE", url: `${URL}/${outside.id}` })).statusCode).toBe(204);
    expect(await journalSnapshot(t.database.db, owner.user.id)).toEqual(before);
  });

  it("a refused entry takes no number", async () => {
    const before = await create(owner, reclassification({ date: "2026-10-19" }));
    const highest: number = before.json().number;
    await create(owner, reclassification({ date: "2026-07-01" }));
    const next = await create(owner, reclassification({ date: "2026-10-20" }));
    expect(next.json().number).toBe(highest + 1);
  });
});

describe("privégebruik (rubriek 1d)", () => {
  let user: SignedIn;
  let accountOf: (name: string) => LedgerAccountAnswer;
  const rubriek = async (code: string) => {
    const response = await user.request({ method: "GET", url: "/api/vat-returns/2026-Q4" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().rubrieken.find((row: { code: string }) => row.code === code);
  };

  beforeAll(async () => {
    user = await t.signIn({ createdAt: new Date("2026-01-05T09:00:00Z") });
    await createCompanyProfile(t.database.db, user.user.id);
    const accounts = await balances(user);
    accountOf = (name) => accounts.find((row) => row.name === name)!;
  });

  /** A laptop bought for the business (VAT deducted) taken home for good: € 500 at 21%. */
  const goodsTakenOut = (overrides: object = {}) => ({
    date: "2026-11-20",
    description: "Laptop privé gaan gebruiken",
    vatRubriek: "1d",
    lines: [
      { ledgerAccountId: accountOf("Privé-opnamen").id, amount: "605,00" },
      { ledgerAccountId: accountOf("Kantoorkosten").id, amount: "-500,00" },
      { ledgerAccountId: accountOf("Te betalen btw hoog (21%)").id, amount: "-105,00" },
    ],
    ...overrides,
  });

  it("declares the value taken out and its VAT in 1d, and the VAT in 5a", async () => {
    const before = await rubriek("5a");
    const response = await create(user, goodsTakenOut());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ vatRubriek: "1d", total: "605.00" });
    expect(await rubriek("1d")).toMatchObject({
      turnover: "500.00",
      vat: "105.00",
      turnoverEuros: 500,
      vatEuros: 105,
    });
    expect((await rubriek("5a")).vatEuros).toBe(before.vatEuros + 105);
    const listed: MemorialEntrySummary[] = (await user.request({ method: "GET", url: URL })).json();
    expect(listed[0]).toMatchObject({ id: response.json().id, vatRubriek: "1d" });
  });

  it("a forfait for the car is VAT without turnover; unmarking the entry takes it out of 1d", async () => {
    const car = await create(user, {
      date: "2026-12-31",
      description: "Btw-correctie privégebruik auto 2026",
      vatRubriek: "1d",
      lines: [
        { ledgerAccountId: accountOf("Auto- en vervoerskosten").id, amount: "540,00" },
        { ledgerAccountId: accountOf("Te betalen btw hoog (21%)").id, amount: "-540,00" },
      ],
    });
    expect(car.statusCode, car.body).toBe(201);
    // The debit on the cost account is the correction's cost, no turnover.
    expect(await rubriek("1d")).toMatchObject({ turnover: "500.00", vat: "645.00" });

    const { lines, ...entry } = car.json() as MemorialEntry;
    const unmarked = await user.request({
      method: "PUT",
      url: `${URL}/${entry.id}`,
      payload: {
        date: entry.date,
        description: entry.description,
        vatRubriek: null,
        lines: lines.map((line) => ({ ledgerAccountId: line.ledgerAccountId, amount: line.amount })),
      },
    });
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect(unmarked.json().vatRubriek).toBeNull();
    expect(await rubriek("1d")).toMatchObject({ turnover: "500.00", vat: "105.00" });
    await expectEveryEntryBalanced(t.database.db, user.user.id);
    const incremental = await journalSnapshot(t.database.db, user.user.id);
    await rebuildLedger(t.database.db, user.user.id);
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(incremental);
  });

  it("refuses privégebruik without VAT, under the KOR, or an unknown rubriek, and books nothing", async () => {
    const before = await journalSnapshot(t.database.db, user.user.id);
    const withoutVat = await create(
      user,
      goodsTakenOut({
        lines: [
          { ledgerAccountId: accountOf("Privé-opnamen").id, amount: "500,00" },
          { ledgerAccountId: accountOf("Kantoorkosten").id, amount: "-500,00" },
        ],
      }),
    );
    expect(withoutVat.statusCode, withoutVat.body).toBe(400);
    expect(withoutVat.json().fieldErrors).toEqual({ vatRubriek: MEMORIAL_MESSAGES.privateUseVatLine });

    const unknown = await create(user, goodsTakenOut({ vatRubriek: "1a" }));
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ vatRubriek: "Kies een geldige btw-rubriek" });

    await t.database.db.execute(
      sql`update company_profiles set kor_start_date = '2026-11-01' where user_id = ${user.user.id}::uuid`,
    );
    try {
      const underKor = await create(user, goodsTakenOut({ date: "2026-11-25" }));
      expect(underKor.statusCode, underKor.body).toBe(400);
      expect(underKor.json().fieldErrors).toEqual({ vatRubriek: MEMORIAL_MESSAGES.privateUseUnderKor });
    } finally {
      await t.database.db.execute(
        sql`update company_profiles set kor_start_date = null where user_id = ${user.user.id}::uuid`,
      );
    }
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(before);
  });
});

describe("the books", () => {
  it("a rebuild gives the same journal, and every entry balances", async () => {
    const db = t.database.db;
    await expectEveryEntryBalanced(db, owner.user.id);
    const incremental = await journalSnapshot(db, owner.user.id);
    await rebuildLedger(db, owner.user.id);
    expect(await journalSnapshot(db, owner.user.id)).toEqual(incremental);
  });

  it("a VAT correction on the VAT accounts leaves the VAT return as it was", async () => {
    const quarter = async () =>
      (await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q4" })).json().rubrieken;
    const before = await quarter();
    const response = await create(owner, {
      date: "2026-11-10",
      description: "Btw hoog tarief gecorrigeerd",
      lines: [
        { ledgerAccountId: account("Te betalen btw hoog (21%)").id, amount: "12,34" },
        { ledgerAccountId: account("Te vorderen btw").id, amount: "-12,34" },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await quarter()).toEqual(before);
  });

  it("a bank account that a line books on cannot be removed from under it", async () => {
    const user = await t.signIn();
    const bank = await user.request({
      method: "POST",
      url: "/api/bank-accounts",
      payload: { name: "Spaarrekening" },
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const accounts = await balances(user);
    const response = await create(user, {
      date: "2026-02-01",
      description: "Spaargeld ingebracht",
      lines: [
        { ledgerAccountId: accounts.find((row) => row.bankAccountId === bank.json().id)!.id, amount: 500 },
        { ledgerAccountId: accounts.find((row) => row.name === "Eigen vermogen")!.id, amount: -500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const refused = await user.request({ method: "DELETE", url: `/api/bank-accounts/${bank.json().id}` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(MEMORIAL_MESSAGES.bankAccountInUse);
  });

  it("the user's data export holds their entries with their lines, and nobody else's", async () => {
    const response = await owner.request({ method: "GET", url: "/api/privacy/export" });
    expect(response.statusCode, response.body).toBe(200);
    const entries: MemorialEntry[] = response.json().memorialEntries;
    const list: MemorialEntrySummary[] = (await owner.request({ method: "GET", url: URL })).json();
    expect(entries.map((entry) => entry.number).sort((a, b) => a - b)).toEqual(
      list.map((entry) => entry.number).sort((a, b) => a - b),
    );
    expect(entries[0]!.lines.length).toBeGreaterThanOrEqual(2);
    expect(
      (await stranger.request({ method: "GET", url: "/api/privacy/export" })).json().memorialEntries,
    ).toEqual([]);
  });

  it("deleting the user removes the entries with the account", async () => {
    const user = await t.signIn();
    const accounts = await balances(user);
    const response = await create(user, {
      date: "2026-02-01",
      description: "Kas",
      lines: [
        { ledgerAccountId: accounts.find((row) => row.name === "Kas")!.id, amount: 10 },
        { ledgerAccountId: accounts.find((row) => row.name === "Eigen vermogen")!.id, amount: -10 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.database.db.delete(users).where(eq(users.id, user.user.id));
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from memorial_lines where user_id = ${user.user.id}::uuid`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(await t.database.db.$count(memorialEntries, eq(memorialEntries.userId, user.user.id))).toBe(0);
  });
});
