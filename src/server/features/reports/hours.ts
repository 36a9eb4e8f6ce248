/**
 * Urenrapport: the hours of a period per project and per client, billable and not, with the billable amount,
 * and the progress on the urencriterium (1,225 hours a calendar year, domain.md §8) of the period's year.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { addDays, businessDate, businessMoment } from "../../../shared/dates";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { DateRange } from "../../../shared/periods";
import type { ReportDocument, ReportRow } from "../../../shared/schemas/reports";
import { hoursCriterionProgress } from "../../../shared/time-tracking/hours-criterion";
import type { Database } from "../../db/client";
import { clients, projects, timeEntries } from "../../db/schema/index";
import { formatNumber } from "../../../shared/format";

interface HoursGroup {
  projectName: string;
  clientName: string;
  billableMinutes: number;
  otherMinutes: number;
  /** Σ duration × rate of the billable entries, each rounded to cents as on the entry. */
  billableCents: number;
  /** Billable minutes of entries that have a rate (the weight of the average rate). */
  ratedMinutes: number;
}

const NO_PROJECT = "Zonder project";
const NO_CLIENT = "Zonder klant";

/** An entry belongs to a period when it starts on one of its days in Amsterdam (as on the Uren screen). */
const inRange = (userId: string, range: DateRange) =>
  and(
    eq(timeEntries.userId, userId),
    gte(timeEntries.startTime, businessMoment(range.from)),
    lt(timeEntries.startTime, businessMoment(addDays(range.to, 1))),
  );

/** Hours per project (with its client): one grouped query. */
export async function hoursPerProject(db: Database, userId: string, range: DateRange): Promise<HoursGroup[]> {
  const clientId = sql`coalesce(${timeEntries.clientId}, ${projects.clientId})`;
  const rows = await db
    .select({
      projectName: projects.name,
      clientName: clients.name,
      billableMinutes:
        sql<number>`coalesce(sum(${timeEntries.duration}) filter (where ${timeEntries.isBillable}), 0)`.mapWith(
          Number,
        ),
      otherMinutes:
        sql<number>`coalesce(sum(${timeEntries.duration}) filter (where not ${timeEntries.isBillable}), 0)`.mapWith(
          Number,
        ),
      billable: sql<string>`coalesce(sum(round(coalesce(${timeEntries.duration}, 0) * ${timeEntries.hourlyRate} / 60, 2)) filter (where ${timeEntries.isBillable}), 0)::text`,
      ratedMinutes:
        sql<number>`coalesce(sum(${timeEntries.duration}) filter (where ${timeEntries.isBillable} and ${timeEntries.hourlyRate} is not null), 0)`.mapWith(
          Number,
        ),
    })
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(clients, sql`${clients.id} = ${clientId}`)
    .where(inRange(userId, range))
    .groupBy(projects.id, projects.name, clients.id, clients.name);
  return rows
    .map((row) => ({
      projectName: row.projectName ?? NO_PROJECT,
      clientName: row.clientName ?? NO_CLIENT,
      billableMinutes: row.billableMinutes,
      otherMinutes: row.otherMinutes,
      billableCents: parseCents(row.billable)!,
      ratedMinutes: row.ratedMinutes,
    }))
    .sort(
      (a, b) =>
        a.clientName.localeCompare(b.clientName, "nl") || a.projectName.localeCompare(b.projectName, "nl"),
    );
}

/** Billable, total and average rate of a period: the summary card 'Uren' and the report's figures. */
export function hoursTotals(groups: readonly HoursGroup[]) {
  const billableMinutes = groups.reduce((sum, group) => sum + group.billableMinutes, 0);
  const otherMinutes = groups.reduce((sum, group) => sum + group.otherMinutes, 0);
  const billableCents = groups.reduce((sum, group) => sum + group.billableCents, 0);
  const ratedMinutes = groups.reduce((sum, group) => sum + group.ratedMinutes, 0);
  // The real average: what the billable hours earned divided by those hours (weighted), rounded to cents.
  const averageRateCents = ratedMinutes === 0 ? null : Math.round((billableCents * 60) / ratedMinutes);
  return {
    billableMinutes,
    otherMinutes,
    totalMinutes: billableMinutes + otherMinutes,
    billableCents,
    averageRateCents,
  };
}

/** Minutes booked in the calendar year of `until`, up to and including that day. */
export async function minutesInYearUntil(db: Database, userId: string, until: string): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.duration}), 0)`.mapWith(Number) })
    .from(timeEntries)
    .where(inRange(userId, { from: `${until.slice(0, 4)}-01-01`, to: until }));
  return row?.minutes ?? 0;
}

export async function hoursReport(
  db: Database,
  userId: string,
  range: DateRange,
  now: Date,
): Promise<Omit<ReportDocument, "report" | "title" | "from" | "to" | "periodLabel">> {
  const today = businessDate(now);
  // The urencriterium of the period's year as it stood at the period's end (or today, if that is earlier).
  const until = range.to < today || today.slice(0, 4) !== range.to.slice(0, 4) ? range.to : today;
  const [groups, yearMinutes] = await Promise.all([
    hoursPerProject(db, userId, range),
    minutesInYearUntil(db, userId, until),
  ]);
  const totals = hoursTotals(groups);
  const criterion = hoursCriterionProgress(yearMinutes, until);

  const hoursRow = (
    label: Record<string, string>,
    group: Omit<HoursGroup, "projectName" | "clientName">,
    style?: ReportRow["style"],
  ): ReportRow => ({
    cells: {
      ...label,
      billable: group.billableMinutes,
      other: group.otherMinutes,
      total: group.billableMinutes + group.otherMinutes,
      amount: centsToDecimal(group.billableCents),
    },
    ...(style ? { style } : {}),
  });
  const numbers = [
    { key: "billable", label: "Factureerbaar (uren)", kind: "minutes" as const },
    { key: "other", label: "Niet factureerbaar (uren)", kind: "minutes" as const },
    { key: "total", label: "Totaal (uren)", kind: "minutes" as const },
    { key: "amount", label: "Bedrag", kind: "money" as const },
  ];
  const totalRow = (label: Record<string, string>) =>
    hoursRow(label, { ...totals, ratedMinutes: 0 }, "total");

  const perClient = new Map<string, Omit<HoursGroup, "projectName">>();
  for (const group of groups) {
    const entry = perClient.get(group.clientName) ?? {
      clientName: group.clientName,
      billableMinutes: 0,
      otherMinutes: 0,
      billableCents: 0,
      ratedMinutes: 0,
    };
    entry.billableMinutes += group.billableMinutes;
    entry.otherMinutes += group.otherMinutes;
    entry.billableCents += group.billableCents;
    perClient.set(group.clientName, entry);
  }

  return {
    figures: [
      { label: "Factureerbare uren", kind: "minutes", value: totals.billableMinutes },
      { label: "Totaal uren", kind: "minutes", value: totals.totalMinutes },
      {
        label: "Gemiddeld uurtarief",
        kind: "money",
        value: totals.averageRateCents === null ? null : centsToDecimal(totals.averageRateCents),
      },
      { label: "Factureerbaar bedrag", kind: "money", value: centsToDecimal(totals.billableCents) },
    ],
    sections: [
      {
        title: "Per project",
        columns: [
          { key: "project", label: "Project", kind: "text" },
          { key: "client", label: "Klant", kind: "text" },
          ...numbers,
        ],
        rows: [
          ...groups.map((group) => hoursRow({ project: group.projectName, client: group.clientName }, group)),
          totalRow({ project: "Totaal", client: "" }),
        ],
        emptyText: "Geen uren geboekt in deze periode.",
      },
      {
        title: "Per klant",
        columns: [{ key: "client", label: "Klant", kind: "text" }, ...numbers],
        rows: [
          ...[...perClient.values()].map((group) => hoursRow({ client: group.clientName }, group)),
          totalRow({ client: "Totaal" }),
        ],
        emptyText: "Geen uren geboekt in deze periode.",
      },
      {
        title: `Urencriterium ${criterion.year}`,
        columns: [
          { key: "label", label: "", kind: "text" },
          { key: "value", label: "Uren", kind: "minutes" },
        ],
        rows: [
          {
            cells: {
              label: `Geboekt t/m ${until.split("-").reverse().join("-")}`,
              value: criterion.bookedMinutes,
            },
          },
          { cells: { label: "Doel", value: criterion.goalMinutes } },
          { cells: { label: "Nog te gaan", value: criterion.remainingMinutes } },
          { cells: { label: "Verwacht bij gelijkmatig tempo", value: criterion.expectedMinutesByNow } },
        ],
      },
    ],
    notes: [
      `Urencriterium: ${formatNumber(Math.floor((criterion.bookedMinutes / criterion.goalMinutes) * 1000) / 10, 1)}% van 1.225 uur. ${
        criterion.isReached ? "Gehaald." : criterion.isOnTrack ? "Op schema." : "Achter op schema."
      } Alle geboekte uren tellen mee, factureerbaar of niet.`,
      "Het gemiddelde uurtarief is het factureerbare bedrag gedeeld door de factureerbare uren met een tarief.",
    ],
    links: [],
  };
}
