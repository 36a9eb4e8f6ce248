import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Timer, TimeEntry } from "../../../shared/schemas/time-tracking";
import { clients, runningTimers, timeEntries } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createProject } from "../../../../tests/factories";

let t: TestApp;
let user: SignedIn;
let projectId: string;
let clientId: string;

const MINUTE = 60_000;
/** Saturday 21 November 2026, 09:00 in Amsterdam. */
const MORNING = new Date("2026-11-21T08:00:00Z");

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  t.now.value = MORNING;
  user = await t.signIn();
  const [client] = await t.database.db
    .insert(clients)
    .values({ userId: user.user.id, name: "Klant BV" })
    .returning();
  clientId = client!.id;
  projectId = (await createProject(t.database.db, user.user.id, { clientId, hourlyRate: "90.00" })).id;
});

const later = (minutes: number, seconds = 0) => {
  t.now.value = new Date(t.now.value.getTime() + minutes * MINUTE + seconds * 1000);
};

async function call(as: SignedIn, action: string, payload?: object) {
  return as.request({
    method: action === "" ? "GET" : "POST",
    url: action === "" ? "/api/timer" : `/api/timer/${action}`,
    ...(payload && { payload }),
  });
}

async function start(
  as = user,
  payload: object = { projectId, description: "Logo schetsen" },
): Promise<Timer> {
  const response = await call(as, "start", payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the timer's state machine", () => {
  it("is stopped at first", async () => {
    const response = await call(user, "");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: "stopped", projectId: null, workedMilliseconds: 0 });
  });

  it("start -> pause -> resume -> stop saves whole minutes of worked time, pauses left out", async () => {
    const started = await start();
    expect(started).toMatchObject({
      state: "running",
      projectId,
      description: "Logo schetsen",
      startedAt: MORNING.toISOString(),
      pausedAt: null,
    });

    later(25, 30);
    const paused = (await call(user, "pause")).json();
    expect(paused).toMatchObject({ state: "paused", workedMilliseconds: 25 * MINUTE + 30_000 });

    later(40); // the pause: not counted
    const whilePaused = (await call(user, "")).json();
    expect(whilePaused).toMatchObject({ state: "paused", workedMilliseconds: 25 * MINUTE + 30_000 });

    const resumed = (await call(user, "resume")).json();
    expect(resumed).toMatchObject({ state: "running", pausedMilliseconds: 40 * MINUTE, pausedAt: null });

    later(10, 20);
    const response = await call(user, "stop");
    expect(response.statusCode, response.body).toBe(200);
    const { timer, entry } = response.json() as { timer: Timer; entry: TimeEntry };
    expect(timer.state).toBe("stopped");
    // 25:30 + 10:20 = 35:50 worked -> 35 whole minutes.
    expect(entry).toMatchObject({
      projectId,
      clientId,
      description: "Logo schetsen",
      startTime: MORNING.toISOString(),
      endTime: t.now.value.toISOString(),
      duration: 35,
      hourlyRate: "90.00",
      amount: "52.50",
      isBillable: true,
      isInvoiced: false,
    });
    expect((await call(user, "")).json().state).toBe("stopped");
    expect(await t.database.db.$count(runningTimers, eq(runningTimers.userId, user.user.id))).toBe(0);
  });

  it("the same state answers on every request: a reload, a second tab or another device", async () => {
    await start();
    later(3);
    const otherTab = await call(user, "");
    expect(otherTab.json()).toMatchObject({
      state: "running",
      workedMilliseconds: 3 * MINUTE,
      serverTime: t.now.value.toISOString(),
    });
  });

  it("start twice answers 409 and keeps the first timer", async () => {
    await start();
    later(1);
    const second = await call(user, "start", { projectId, description: "Iets anders" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("Er loopt al een timer. Stop die eerst.");
    expect((await call(user, "")).json()).toMatchObject({
      description: "Logo schetsen",
      startedAt: MORNING.toISOString(),
    });
  });

  it("two starts at the same moment give one timer", async () => {
    const answers = await Promise.all([
      call(user, "start", { projectId, description: "Eén" }),
      call(user, "start", { projectId, description: "Twee" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("pause while paused answers 409", async () => {
    await start();
    await call(user, "pause");
    const again = await call(user, "pause");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("De timer is al gepauzeerd.");
  });

  it("resume while running answers 409", async () => {
    await start();
    const response = await call(user, "resume");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("De timer is niet gepauzeerd.");
  });

  it.each(["pause", "resume", "stop"])("%s without a timer answers 409", async (action) => {
    const response = await call(user, action);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Er loopt geen timer.");
  });

  it("stop while paused saves up to the pause: the end is the moment Pauze was pressed", async () => {
    await start();
    later(50);
    const pausedAt = t.now.value.toISOString();
    await call(user, "pause");
    later(120);
    const response = await call(user, "stop");
    expect(response.statusCode).toBe(200);
    expect(response.json().entry).toMatchObject({ duration: 50, endTime: pausedAt });
  });

  it("a timer stopped within its first minute stops and saves no entry", async () => {
    await start();
    later(0, 59);
    const response = await call(user, "stop");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ timer: { state: "stopped" }, entry: null });
    expect(
      await t.database.db.select().from(timeEntries).where(eq(timeEntries.userId, user.user.id)),
    ).toEqual([]);
  });
});

describe("start needs a project and a description (spec §5)", () => {
  it.each([
    [{} as { projectId?: string; description?: string }, ["projectId", "description"]],
    [{ projectId: "PROJECT", description: "" }, ["description"]],
    [{ projectId: "PROJECT", description: "   " }, ["description"]],
    [{ projectId: "", description: "Iets" }, ["projectId"]],
  ])("%j", async (payload, fields) => {
    const withProject = payload.projectId === "PROJECT" ? { ...payload, projectId } : payload;
    const response = await call(user, "start", withProject);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe("Selecteer een project en voer een beschrijving in");
    expect(Object.keys(body.fieldErrors).sort()).toEqual([...fields].sort());
    expect((await call(user, "")).json().state).toBe("stopped");
  });

  it("an archived project cannot be started", async () => {
    const archived = await createProject(t.database.db, user.user.id, { status: "archived" });
    const response = await call(user, "start", { projectId: archived.id, description: "Oud werk" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ projectId: "Kies een actief project" });
  });
});

describe("over midnight or longer than 12 hours asks for confirmation", () => {
  it("a timer running past midnight in Amsterdam is saved only with confirm", async () => {
    t.now.value = new Date("2026-11-21T22:30:00Z"); // 23:30 in Amsterdam
    await start();
    later(60); // 00:30
    const refused = await call(user, "stop", {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: "De timer liep over middernacht of langer dan 12 uur. Bevestig dat je deze tijd wilt opslaan.",
      fieldErrors: { confirm: expect.any(String) },
    });
    expect((await call(user, "")).json().state).toBe("running");
    const saved = await call(user, "stop", { confirm: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entry.duration).toBe(60);
  });

  it("more than 12 hours of work on one day also asks", async () => {
    t.now.value = new Date("2026-06-10T04:00:00Z"); // 06:00 in Amsterdam
    await start();
    later(12 * 60 + 1);
    expect((await call(user, "stop")).statusCode).toBe(409);
    expect((await call(user, "stop", { confirm: true })).json().entry.duration).toBe(721);
  });

  it("a timer through the autumn clock change counts the real hours", async () => {
    t.now.value = new Date("2026-10-24T22:30:00Z"); // Sunday 25 October, 00:30 summer time
    await start();
    later(4 * 60); // 03:30 winter time on the wall clock: four real hours
    const response = await call(user, "stop");
    expect(response.statusCode).toBe(200);
    expect(response.json().entry.duration).toBe(240);
  });
});

describe("each user has their own timer", () => {
  it("another user's timer is invisible and cannot be paused, resumed or stopped", async () => {
    const stranger = await t.signIn();
    await start();
    expect((await call(stranger, "")).json().state).toBe("stopped");
    for (const action of ["pause", "resume", "stop"]) {
      expect((await call(stranger, action)).statusCode).toBe(409);
    }
    expect((await call(user, "")).json().state).toBe("running");
  });

  it("another user's project cannot be timed: it answers as unknown", async () => {
    const stranger = await t.signIn();
    const response = await call(stranger, "start", { projectId, description: "Meeliften" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ projectId: "Kies een actief project" });
  });

  it("a project deleted while the timer runs leaves an entry without a project", async () => {
    await start();
    later(30);
    expect((await user.request({ method: "DELETE", url: `/api/projects/${projectId}` })).statusCode).toBe(
      204,
    );
    const response = await call(user, "stop");
    expect(response.statusCode).toBe(200);
    expect(response.json().entry).toMatchObject({ projectId: null, duration: 30, hourlyRate: null });
    expect(await t.database.db.$count(timeEntries, eq(timeEntries.userId, user.user.id))).toBe(1);
  });
});
