import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_AMBIGUOUS_MESSAGE } from "../../../shared/schemas/amount";
import type { Project } from "../../../shared/schemas/projects";
import { clients, timeEntries } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createTimeEntry } from "../../../../tests/factories";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let ownerClientId: string;
let strangerClientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
  const [ownerClient] = await t.database.db
    .insert(clients)
    .values({ userId: owner.user.id, name: "Bakkerij De Korenschoof" })
    .returning();
  const [strangerClient] = await t.database.db
    .insert(clients)
    .values({ userId: stranger.user.id, name: "Andermans Klant" })
    .returning();
  ownerClientId = ownerClient!.id;
  strangerClientId = strangerClient!.id;
});
afterAll(() => t.close());

async function create(as: SignedIn, payload: object): Promise<Project> {
  const response = await as.request({ method: "POST", url: "/api/projects", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("POST /api/projects", () => {
  it("stores name, client, description, rate and status, and answers with them", async () => {
    const project = await create(owner, {
      name: "  Nieuwe huisstijl ",
      clientId: ownerClientId,
      description: "Logo en kleuren",
      hourlyRate: "85,50",
    });
    expect(project).toEqual({
      id: expect.any(String),
      name: "Nieuwe huisstijl",
      clientId: ownerClientId,
      clientName: "Bakkerij De Korenschoof",
      description: "Logo en kleuren",
      hourlyRate: "85.50",
      status: "active",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("needs only a name; rate and client may stay empty", async () => {
    const project = await create(owner, { name: "Administratie", hourlyRate: "", clientId: "" });
    expect(project).toMatchObject({ hourlyRate: null, clientId: null, description: null, status: "active" });
    expect((await create(owner, { name: "Getal", hourlyRate: 92.5 })).hourlyRate).toBe("92.50");
  });

  it.each([
    [{ name: "" }, "name", "Projectnaam is verplicht"],
    [{ name: "   " }, "name", "Projectnaam is verplicht"],
    [{}, "name", "Projectnaam is verplicht"],
    [{ name: "x".repeat(201) }, "name", "Projectnaam mag maximaal 200 tekens zijn"],
    [{ name: "P", hourlyRate: "abc" }, "hourlyRate", "Voer een geldig uurtarief in, bijvoorbeeld 85,00"],
    [{ name: "P", hourlyRate: "-5" }, "hourlyRate", "Voer een geldig uurtarief in, bijvoorbeeld 85,00"],
    [{ name: "P", hourlyRate: "85.5555" }, "hourlyRate", "Voer een geldig uurtarief in, bijvoorbeeld 85,00"],
    [{ name: "P", hourlyRate: "85.555" }, "hourlyRate", AMOUNT_AMBIGUOUS_MESSAGE],
    [
      { name: "P", hourlyRate: "100000000" },
      "hourlyRate",
      "Voer een geldig uurtarief in, bijvoorbeeld 85,00",
    ],
    [{ name: "P", clientId: "geen-id" }, "clientId", "Kies een klant uit de lijst"],
    [{ name: "P", status: "weg" }, "status", "Kies actief of gearchiveerd"],
    [
      { name: "P", description: "x".repeat(2001) },
      "description",
      "Omschrijving mag maximaal 2000 tekens zijn",
    ],
  ])("refuses %j with '%s: %s'", async (payload, field, message) => {
    const response = await owner.request({ method: "POST", url: "/api/projects", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it("refuses another user's client as an unknown client", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/projects",
      payload: { name: "P", clientId: strangerClientId },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Kies een klant uit de lijst",
      fieldErrors: { clientId: "Kies een klant uit de lijst" },
    });
  });
});

describe("GET /api/projects", () => {
  it("lists only the user's own projects, by name, with spec §7's fields", async () => {
    const user = await t.signIn();
    await create(user, { name: "zeilboot" });
    await create(user, { name: "Appel", hourlyRate: "60" });
    await create(stranger, { name: "Niet van mij" });
    const response = await user.request({ method: "GET", url: "/api/projects" });
    expect(response.statusCode).toBe(200);
    const list: Project[] = response.json();
    expect(list.map((project) => project.name)).toEqual(["Appel", "zeilboot"]);
    expect(list[0]).toMatchObject({ id: expect.any(String), clientId: null, hourlyRate: "60.00" });
  });
});

describe("GET /api/projects: what a picker asks for", () => {
  let picker: SignedIn;
  let jansenId: string;
  const names = (response: { json(): Project[] }) =>
    response.json().map((project) => `${project.name} · ${project.clientName ?? "-"}`);
  const list = (query: string, as = picker) => as.request({ method: "GET", url: `/api/projects${query}` });

  beforeAll(async () => {
    picker = await t.signIn();
    const [jansen, pietersen] = await t.database.db
      .insert(clients)
      .values([
        { userId: picker.user.id, name: "Bakkerij Jansen" },
        { userId: picker.user.id, name: "Pietersen Advies" },
      ])
      .returning();
    jansenId = jansen!.id;
    await create(picker, { name: "Website", clientId: pietersen!.id });
    await create(picker, { name: "Website", clientId: jansen!.id });
    await create(picker, { name: "Logo 100%", clientId: jansen!.id, status: "archived" });
    await create(picker, { name: "Administratie" });
    await create(stranger, { name: "Website van een ander" });
  });

  it("names each project's client, so two projects called Website can be told apart", async () => {
    expect(names(await list(""))).toEqual([
      "Administratie · -",
      "Logo 100% · Bakkerij Jansen",
      "Website · Bakkerij Jansen",
      "Website · Pietersen Advies",
    ]);
  });

  it.each([
    [
      "?search=WEBSITE",
      ["Website · Bakkerij Jansen", "Website · Pietersen Advies"],
      "project name, any case",
    ],
    ["?search=jansen", ["Logo 100% · Bakkerij Jansen", "Website · Bakkerij Jansen"], "client name"],
    ["?search=100%25", ["Logo 100% · Bakkerij Jansen"], "a % is a character"],
    ["?search=_", [], "an _ is a character"],
    ["?search=ander", [], "never another user's project"],
    ["?status=active&search=jansen", ["Website · Bakkerij Jansen"], "active only"],
    ["?search=website&limit=1", ["Website · Bakkerij Jansen"], "a small page"],
  ])("%s finds %j (%s)", async (query, expected) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    expect(names(response)).toEqual(expected);
  });

  it("lists one client's projects", async () => {
    expect(names(await list(`?clientId=${jansenId}`))).toEqual([
      "Logo 100% · Bakkerij Jansen",
      "Website · Bakkerij Jansen",
    ]);
    // Another user's client id finds nothing of theirs and nothing of the user's.
    expect(names(await list(`?clientId=${strangerClientId}`))).toEqual([]);
    expect(names(await list(`?clientId=${jansenId}`, stranger))).toEqual([]);
  });

  it.each([
    [`?search=${"x".repeat(101)}`, "search", "Zoekterm mag maximaal 100 tekens zijn"],
    ["?status=weg", "status", "Kies actief of gearchiveerd"],
    ["?clientId=geen-id", "clientId", "Kies een klant uit de lijst"],
  ])("rejects %s with 400 and a Dutch message", async (query, field, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
  });

  it("rejects a page size of 0 or above 200", async () => {
    for (const query of ["?limit=0", "?limit=201", "?limit=twee"]) {
      expect((await list(query)).statusCode).toBe(400);
    }
  });
});

describe("PUT /api/projects/:id", () => {
  it("edits and archives a project", async () => {
    const project = await create(owner, { name: "Website", hourlyRate: "80" });
    const response = await owner.request({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      payload: { name: "Website 2.0", hourlyRate: "95", status: "archived", clientId: ownerClientId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Website 2.0",
      hourlyRate: "95.00",
      status: "archived",
      clientId: ownerClientId,
      clientName: "Bakkerij De Korenschoof",
    });
  });

  it("validates like create", async () => {
    const project = await create(owner, { name: "Validatie" });
    const response = await owner.request({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      payload: { name: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.name).toBe("Projectnaam is verplicht");
  });
});

describe("DELETE /api/projects/:id", () => {
  it("deletes the project and keeps its hours without the link", async () => {
    const project = await create(owner, { name: "Weg ermee" });
    const entry = await createTimeEntry(t.database.db, owner.user.id, { projectId: project.id });
    const response = await owner.request({ method: "DELETE", url: `/api/projects/${project.id}` });
    expect(response.statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(kept).toMatchObject({ projectId: null, duration: 60 });
    const again = await owner.request({ method: "DELETE", url: `/api/projects/${project.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe("another user's project answers 404", () => {
  it.each([
    ["GET", undefined],
    ["PUT", { name: "Overgenomen" }],
    ["DELETE", undefined],
  ] as const)("%s", async (method, payload) => {
    const project = await create(owner, { name: "Privé" });
    const response = await stranger.request({
      method,
      url: `/api/projects/${project.id}`,
      ...(payload && { payload }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Project niet gevonden" });
    const mine = await owner.request({ method: "GET", url: `/api/projects/${project.id}` });
    expect(mine.json().name).toBe("Privé");
  });

  it("a malformed id is a 404 too", async () => {
    const response = await owner.request({ method: "GET", url: "/api/projects/geen-uuid" });
    expect(response.statusCode).toBe(404);
  });

  it("signed out is 401", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/projects" });
    expect(response.statusCode).toBe(401);
  });
});
