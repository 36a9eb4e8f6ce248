import { describe, expect, it } from "vitest";
import { ProjectInputSchema } from "./projects";
import { parseClockTime, parseDurationText, TimeEntryFormSchema } from "./time-tracking";

describe("typed times and durations", () => {
  it.each([
    ["9:30", "09:30"],
    ["09.30", "09:30"],
    ["23:59", "23:59"],
    ["24:00", null],
    ["9:5", null],
    ["", null],
  ])("parseClockTime(%j) = %j", (text, expected) => {
    expect(parseClockTime(text)).toBe(expected);
  });

  it.each([
    ["1:30", 90],
    ["90", 90],
    ["90m", 90],
    ["1,5", 90],
    ["1.5u", 90],
    ["2u", 120],
    ["0:05", 5],
    ["anderhalf", null],
    ["1:75", null],
  ])("parseDurationText(%j) = %j", (text, expected) => {
    expect(parseDurationText(text)).toBe(expected);
  });
});

describe("the manual-entry form", () => {
  const base = {
    date: "2026-11-20",
    start: "09:00",
    end: "",
    duration: "",
    projectId: "0b0d9a52-6a3b-4a8e-9a59-2f4f3a3b1c11",
    description: "Offerte schrijven",
    isBillable: true,
  };

  it("reads date and times on Amsterdam's wall clock", () => {
    const parsed = TimeEntryFormSchema.parse({ ...base, end: "10:30" });
    expect(parsed).toMatchObject({
      startTime: "2026-11-20T08:00:00.000Z",
      endTime: "2026-11-20T09:30:00.000Z",
      duration: null,
    });
  });

  it("a summer date has the summer offset, and the night of the clock change its real length", () => {
    expect(TimeEntryFormSchema.parse({ ...base, date: "2026-07-01", end: "10:00" }).startTime).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    const night = TimeEntryFormSchema.parse({ ...base, date: "2026-10-25", start: "01:00", end: "04:00" });
    expect(Date.parse(night.endTime!) - Date.parse(night.startTime)).toBe(4 * 3_600_000);
  });

  it("takes a duration instead of an end", () => {
    expect(TimeEntryFormSchema.parse({ ...base, duration: "1:45" })).toMatchObject({
      endTime: null,
      duration: 105,
    });
  });

  it.each([
    [{ date: "" }, "date", "Datum is verplicht"],
    [{ start: "" }, "start", "Begintijd is verplicht"],
    [{ start: "negen" }, "start", "Voer een tijd in als 09:30"],
    [{ end: "25:00" }, "end", "Voer een tijd in als 09:30"],
    [{ duration: "lang" }, "duration", "Voer de duur in als 1:30 of in minuten"],
    [{}, "end", "Vul een eindtijd of een duur in"],
    [{ end: "08:00" }, "end", "Eindtijd moet na de begintijd liggen"],
    [{ end: "10:00", duration: "1:30" }, "duration", "De duur is langer dan de tijd tussen begin en eind"],
    [{ duration: "25:00" }, "duration", "Een registratie mag maximaal 24 uur duren"],
    [{ projectId: "" }, "projectId", "Selecteer een project"],
    [{ description: " " }, "description", "Beschrijving is verplicht"],
  ])("refuses %j with '%s: %s'", (change, field, message) => {
    const result = TimeEntryFormSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((candidate) => candidate.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});

describe("the project form's hourly rate", () => {
  it.each([
    ["85", 8500],
    ["85,50", 8550],
    ["85.5", 8550],
    [92.25, 9225],
    ["", null],
    [null, null],
  ])("%j -> %j cents", (rate, cents) => {
    expect(ProjectInputSchema.parse({ name: "P", hourlyRate: rate }).hourlyRate).toBe(cents);
  });
});
