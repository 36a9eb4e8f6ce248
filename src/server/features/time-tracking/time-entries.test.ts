import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TimeEntry } from "../../../shared/schemas/time-tracking";
import { clients } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createProject, createTimeEntry } from "../../../../tests/factories";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let projectId: string;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-21T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  const [client] = await t.database.db
    .insert(clients)
    .values({ userId: owner.user.id, name: "Bakkerij De Korenschoof" })
    .returning();
  clientId = client!.id;
  projectId = (
    await createProject(t.database.db, owner.user.id, { name: "Huisstijl", clientId, hourlyRate: "80.00" })
  ).id;
});
afterAll(() => t.close());

const valid = () => ({
  projectId,
  description: "Vergeten uren: klantoverleg",
  startTime: "2026-11-20T08:00:00.000Z",
  endTime: "2026-11-20T09:30:00.000Z",
  isBillable: true,
});

async function create(as: SignedIn, payload: object): Promise<TimeEntry> {
  const response = await as.request({ method: "POST", url: "/api/time-entries", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("POST /api/time-entries (spec §7)", () => {
  it("stores a manual entry; duration from start and end, rate and client from the project", async () => {
    const entry = await create(owner, valid());
    expect(entry).toEqual({
      id: expect.any(String),
      projectId,
      clientId,
      description: "Vergeten uren: klantoverleg",
      startTime: "2026-11-20T08:00:00.000Z",
      endTime: "2026-11-20T09:30:00.000Z",
      duration: 90,
      hourlyRate: "80.00",
      amount: "120.00",
      isBillable: true,
      isInvoiced: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("takes the payload of spec §7 as the browser sends it: duration, rate and billable", async () => {
    const entry = await create(owner, {
      ...valid(),
      clientId,
      duration: 75, // a 15-minute break in between
      hourlyRate: 95,
      isBillable: false,
    });
    expect(entry).toMatchObject({ duration: 75, hourlyRate: "95.00", amount: "118.75", isBillable: false });
  });

  it("with a duration and no end, the end is start + duration", async () => {
    const { endTime: _end, ...withoutEnd } = valid();
    const entry = await create(owner, { ...withoutEnd, duration: 45 });
    expect(entry).toMatchObject({ endTime: "2026-11-20T08:45:00.000Z", duration: 45 });
  });

  it("a null rate means no rate", async () => {
    expect(await create(owner, { ...valid(), hourlyRate: null })).toMatchObject({
      hourlyRate: null,
      amount: "0.00",
    });
  });

  it.each([
    [{ projectId: undefined }, "projectId", "Selecteer een project"],
    [{ projectId: "" }, "projectId", "Selecteer een project"],
    [{ description: "" }, "description", "Beschrijving is verplicht"],
    [{ description: "  " }, "description", "Beschrijving is verplicht"],
    [{ description: "x".repeat(501) }, "description", "Beschrijving mag maximaal 500 tekens zijn"],
    [{ startTime: "" }, "startTime", "Begintijd is verplicht"],
    [{ startTime: "gisteren" }, "startTime", "Begintijd is verplicht"],
    [{ endTime: null }, "endTime", "Vul een eindtijd of een duur in"],
    [{ endTime: "2026-11-20T07:00:00.000Z" }, "endTime", "Eindtijd moet na de begintijd liggen"],
    [{ endTime: "2026-11-20T08:00:00.000Z" }, "endTime", "Eindtijd moet na de begintijd liggen"],
    [{ endTime: "2026-11-21T08:01:00.000Z" }, "endTime", "Een registratie mag maximaal 24 uur duren"],
    [{ duration: 91 }, "duration", "De duur is langer dan de tijd tussen begin en eind"],
    [{ duration: 1.5 }, "duration", "Duur moet een heel aantal minuten zijn"],
    [{ duration: -1 }, "duration", "Duur moet een heel aantal minuten zijn"],
    [{ endTime: null, duration: 24 * 60 + 1 }, "duration", "Een registratie mag maximaal 24 uur duren"],
    [{ hourlyRate: "veel" }, "hourlyRate", "Voer een geldig uurtarief in, bijvoorbeeld 85,00"],
  ])("refuses %j with '%s: %s'", async (change, field, message) => {
    const response = await owner.request({
      method: "POST",
      url: "/api/time-entries",
      payload: { ...valid(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("refuses another user's project and client as unknown", async () => {
    const strangerProject = await createProject(t.database.db, stranger.user.id);
    const [strangerClient] = await t.database.db
      .insert(clients)
      .values({ userId: stranger.user.id, name: "Vreemde" })
      .returning();
    const project = await owner.request({
      method: "POST",
      url: "/api/time-entries",
      payload: { ...valid(), projectId: strangerProject.id },
    });
    expect(project.statusCode).toBe(400);
    expect(project.json().fieldErrors).toEqual({ projectId: "Project niet gevonden" });
    const client = await owner.request({
      method: "POST",
      url: "/api/time-entries",
      payload: { ...valid(), clientId: strangerClient!.id },
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().fieldErrors).toEqual({ clientId: "Kies een klant uit de lijst" });
  });
});

describe("GET /api/time-entries", () => {
  it("lists the user's entries newest first, by period (Amsterdam days) and project", async () => {
    const user = await t.signIn();
    const db = t.database.db;
    const a = await createProject(db, user.user.id, { name: "A" });
    const b = await createProject(db, user.user.id, { name: "B" });
    // 23:30 on 31 October in Amsterdam (UTC+1) is 22:30 UTC: it belongs to October.
    const october = await createTimeEntry(db, user.user.id, {
      projectId: a.id,
      startTime: new Date("2026-10-31T22:30:00Z"),
    });
    // 00:30 on 1 November in Amsterdam is 23:30 UTC on 31 October: it belongs to November.
    const november = await createTimeEntry(db, user.user.id, {
      projectId: b.id,
      startTime: new Date("2026-10-31T23:30:00Z"),
    });
    const later = await createTimeEntry(db, user.user.id, {
      projectId: a.id,
      startTime: new Date("2026-11-15T09:00:00Z"),
    });
    await createTimeEntry(db, stranger.user.id, { startTime: new Date("2026-11-15T09:00:00Z") });

    const ids = async (query: string) =>
      ((await user.request({ method: "GET", url: `/api/time-entries${query}` })).json() as TimeEntry[]).map(
        (entry) => entry.id,
      );
    expect(await ids("")).toEqual([later.id, november.id, october.id]);
    expect(await ids("?from=2026-11-01&to=2026-11-30")).toEqual([later.id, november.id]);
    expect(await ids("?from=2026-10-01&to=2026-10-31")).toEqual([october.id]);
    expect(await ids(`?projectId=${a.id}`)).toEqual([later.id, october.id]);
    expect(await ids(`?from=2026-11-01&projectId=${a.id}`)).toEqual([later.id]);
  });

  it.each([
    ["?from=2026-13-01", "from", "Ongeldige datum"],
    ["?from=2026-11-30&to=2026-11-01", "to", "De einddatum ligt voor de begindatum"],
    ["?projectId=abc", "projectId", "Onbekend project"],
  ])("refuses %s", async (query, field, message) => {
    const response = await owner.request({ method: "GET", url: `/api/time-entries${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });
});

describe("PUT and DELETE /api/time-entries/:id", () => {
  it("edits an entry, checked like a new one", async () => {
    const entry = await create(owner, valid());
    const response = await owner.request({
      method: "PUT",
      url: `/api/time-entries/${entry.id}`,
      payload: { ...valid(), description: "Klantoverleg (aangepast)", duration: 60, isBillable: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: entry.id,
      description: "Klantoverleg (aangepast)",
      duration: 60,
      isBillable: false,
    });
    const invalid = await owner.request({
      method: "PUT",
      url: `/api/time-entries/${entry.id}`,
      payload: { ...valid(), description: "" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.description).toBe("Beschrijving is verplicht");
  });

  it("deletes an entry", async () => {
    const entry = await create(owner, valid());
    expect((await owner.request({ method: "DELETE", url: `/api/time-entries/${entry.id}` })).statusCode).toBe(
      204,
    );
    expect((await owner.request({ method: "DELETE", url: `/api/time-entries/${entry.id}` })).statusCode).toBe(
      404,
    );
  });

  it("another user's entry answers 404 and stays as it was", async () => {
    const entry = await create(owner, valid());
    const strangerProject = await createProject(t.database.db, stranger.user.id);
    const put = await stranger.request({
      method: "PUT",
      url: `/api/time-entries/${entry.id}`,
      payload: { ...valid(), projectId: strangerProject.id, description: "Gekaapt" },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: "Tijdregistratie niet gevonden" });
    const del = await stranger.request({ method: "DELETE", url: `/api/time-entries/${entry.id}` });
    expect(del.statusCode).toBe(404);
    const list: TimeEntry[] = (await owner.request({ method: "GET", url: "/api/time-entries" })).json();
    expect(list.find((item) => item.id === entry.id)?.description).toBe("Vergeten uren: klantoverleg");
    const theirs: TimeEntry[] = (await stranger.request({ method: "GET", url: "/api/time-entries" })).json();
    expect(theirs.some((item) => item.id === entry.id)).toBe(false);
  });

  it("a malformed id is a 404", async () => {
    const response = await owner.request({ method: "DELETE", url: "/api/time-entries/123" });
    expect(response.statusCode).toBe(404);
  });
});

describe("GET /api/time-entries/export", () => {
  it("downloads the filtered entries as CSV for Dutch Excel, with formulas neutralised", async () => {
    const user = await t.signIn();
    const db = t.database.db;
    const [client] = await db.insert(clients).values({ userId: user.user.id, name: "Café Één" }).returning();
    const project = await createProject(db, user.user.id, { name: "=HYPERLINK()", clientId: client!.id });
    await createTimeEntry(db, user.user.id, {
      projectId: project.id,
      clientId: client!.id,
      description: '-overleg; met "quotes"',
      startTime: new Date("2026-11-20T08:00:00Z"),
      duration: 90,
      hourlyRate: "85.00",
    });
    await createTimeEntry(db, user.user.id, {
      projectId: null,
      description: "Administratie",
      startTime: new Date("2026-11-02T08:00:00Z"),
      duration: 20,
      hourlyRate: null,
      isBillable: false,
    });
    await createTimeEntry(db, user.user.id, {
      description: "Oktober",
      startTime: new Date("2026-10-02T08:00:00Z"),
    });

    const response = await user.request({
      method: "GET",
      url: "/api/time-entries/export?from=2026-11-01&to=2026-11-30",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="uren_2026-11-01_2026-11-30.csv"',
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    expect(response.body.slice(1).split("\r\n")).toEqual([
      "Datum;Project;Klant;Omschrijving;Begintijd;Eindtijd;Minuten;Uren;Tarief;Bedrag;Factureerbaar;Gefactureerd",
      '20-11-2026;\'=HYPERLINK();Café Één;"\'-overleg; met ""quotes""";09:00;10:30;90;1,50;85,00;127,50;Ja;Nee',
      "02-11-2026;Onbekend project;;Administratie;09:00;09:20;20;0,33;;0,00;Nee;Nee",
      "",
    ]);
  });

  it("another user's entries are not in it", async () => {
    const user = await t.signIn();
    const response = await user.request({ method: "GET", url: "/api/time-entries/export" });
    expect(response.body.slice(1).split("\r\n")).toHaveLength(2);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="uren_2026-11-21.csv"');
  });
});

describe("GET /api/time-entries/hours-criterion", () => {
  it("adds up every booked minute of this calendar year, billable or not", async () => {
    const user = await t.signIn();
    const db = t.database.db;
    await createTimeEntry(db, user.user.id, { startTime: new Date("2026-03-02T08:00:00Z"), duration: 600 });
    await createTimeEntry(db, user.user.id, {
      startTime: new Date("2026-11-20T08:00:00Z"),
      duration: 120,
      isBillable: false,
    });
    // 31 December 2025 at 23:30 in Amsterdam: last year.
    await createTimeEntry(db, user.user.id, { startTime: new Date("2025-12-31T22:30:00Z"), duration: 60 });
    await createTimeEntry(db, stranger.user.id, {
      startTime: new Date("2026-05-02T08:00:00Z"),
      duration: 999,
    });

    const response = await user.request({ method: "GET", url: "/api/time-entries/hours-criterion" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      year: 2026,
      bookedMinutes: 720,
      goalMinutes: 73_500,
      remainingMinutes: 72_780,
      isOnTrack: false,
      isReached: false,
      // In late November 1,213 hours would take far more than 60 hours a week.
      isReachable: false,
    });
  });
});
