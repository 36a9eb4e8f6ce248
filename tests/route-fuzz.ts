/**
 * Requests for any route, derived from the route's own zod schemas (params, querystring, body) through their
 * JSON Schema (`z.toJSONSchema`, input side). Used by src/server/plugins/route-fuzz.test.ts.
 * 1. Routes: every route of a built app, caught with Fastify's `fastify.initialization` diagnostics channel.
 * 2. Plausible requests: every value fits its schema, and where a field's name says what it holds (an id, a
 *    date, an amount, a period) it is a value of that kind, real record ids included, because the refinements
 *    and transforms that check those are not part of the JSON Schema. These get past validation.
 * 3. Wild requests: the same with mutations: odd values (a wrong type, a value just past a bound, a long or
 *    unicode string, 2026-02-30, an id of another shape), all dates of an object moved into an odd year (100,
 *    9998), a required field dropped, an unknown one added.
 */
import { channel } from "node:diagnostics_channel";
import fc from "fast-check";
import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";
import { z } from "zod";
import { RECURRING_INTERVALS } from "../src/shared/recurrence";
import { REPORT_IDS } from "../src/shared/schemas/reports";
import { isUuid } from "../src/shared/validation";
import { camt053 } from "./bank-files";
import { PNG_LOGO } from "./logos";

/** The part of JSON Schema that zod writes for Balans's schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type FuzzRoute = {
  method: HTTPMethods;
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
};

export type FuzzRequest = {
  method: HTTPMethods;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

/** Builds an app and answers it with every route it registered (HEAD routes, which mirror GET, left out). */
export async function withRoutes<App extends { app: FastifyInstance }>(
  build: () => Promise<App>,
): Promise<App & { routes: FuzzRoute[] }> {
  const found: RouteOptions[] = [];
  const onInitialization = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", (route) => void found.push(route));
  };
  const initialization = channel("fastify.initialization");
  initialization.subscribe(onInitialization);
  try {
    const built = await build();
    const routes = found.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== "HEAD")
        .map((method) => ({ method, url: route.url, ...jsonSchemasOf(route.schema) })),
    );
    return { ...built, routes };
  } finally {
    initialization.unsubscribe(onInitialization);
  }
}

function jsonSchemasOf(schema: RouteOptions["schema"]): Pick<FuzzRoute, "params" | "querystring" | "body"> {
  const parts = (schema ?? {}) as Record<string, unknown>;
  const json = (part: unknown) =>
    part instanceof z.ZodType
      ? (z.toJSONSchema(part, { io: "input", unrepresentable: "any" }) as JsonSchema)
      : undefined;
  return { params: json(parts.params), querystring: json(parts.querystring), body: json(parts.body) };
}

/** "bank-accounts" -> "bankaccount", "time-entries" -> "timeentry", "categoryId" -> "categoryid". */
const kindOf = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/ies$/, "y")
    .replace(/s$/, "");

/** The kind of the records a route answers, from its last fixed segment: /api/ledger/accounts -> "account". */
export const answerKind = (url: string) =>
  kindOf(
    url
      .split("/")
      .filter((segment) => segment && !segment.startsWith(":"))
      .at(-1) ?? "",
  );

/** The kind of record a route is about, from its first segment: /api/bank-lines/accept -> "bankline". */
const routeKind = (url: string) => kindOf(url.split("/")[2] ?? "");

/** The kind of record an `:id` parameter names, from the segment before it: /api/invoices/:id/pdf -> invoice. */
const idParameterKind = (url: string) => {
  const segments = url.split("/");
  return kindOf(segments[segments.indexOf(":id") - 1] ?? "");
};

/** Record ids by kind ("client", "timeentry", "line"), gathered from the seed data and from answers. */
export class RecordIds {
  private readonly byKind = new Map<string, Set<string>>();

  add(kind: string, id: string) {
    const key = kindOf(kind);
    if (!this.byKind.has(key)) this.byKind.set(key, new Set());
    this.byKind.get(key)!.add(id);
  }

  /**
   * Ids of the kind a name points at ("clientId", "invoice"), else of the kinds it ends in or that end in it
   * ("entryIds" -> timeentry, "bankline" -> line), else every id.
   */
  of(name: string): string[] {
    const stem = kindOf(name.replace(/Ids?$/, ""));
    const all = [...this.byKind];
    const exact = all.filter(([kind]) => kind === stem);
    const related = all.filter(([kind]) => kind.endsWith(stem) || stem.endsWith(kind));
    const chosen = exact.length ? exact : related.length ? related : all;
    return chosen.flatMap(([, ids]) => [...ids]).sort();
  }

  /** The ids in an answer: top-level records are of `kind`, records in a nested list or field of its name. */
  collect(kind: string, answer: unknown, depth = 0) {
    if (depth > 3 || typeof answer !== "object" || answer === null) return;
    if (Array.isArray(answer)) {
      for (const element of answer.slice(0, 20)) this.collect(kind, element, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(answer)) {
      if (key === "id" && typeof value === "string" && isUuid(value)) this.add(kind, value);
      else if (typeof value === "object") this.collect(key, value, depth + 1);
    }
  }
}

const isoDate = (from: string, to: string) =>
  fc
    .date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));

const ODD_DATES = [
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-10",
  "0000-01-01",
  "0001-01-01",
  "0100-01-01",
  "9998-12-31",
  "9999-12-31",
  "10000-01-01",
  "2026-1-1",
  "20261120",
  "30-11-2026",
  "2026-11-20T25:61:00Z",
  "9998-12-31T23:30:00.000Z",
  "0100-01-01T00:00:00.000Z",
];
const ODD_IDS = [
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "x",
  "1",
  "-1",
  "none",
];
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.01,
  0.001,
  1.005,
  1e21,
  2 ** 53,
  -(2 ** 31),
  100_000_000_000,
  "",
  " ",
  "x".repeat(5000),
  "😀👍🏽",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ẞ İ ﬁ",
  "\u202Eomgekeerd",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "1e309",
  "0x10",
  "1.234,56",
  "12,50",
  "-0,01",
  "null",
  [],
  {},
  ["x"],
  { a: { b: 1 } },
  ...ODD_DATES,
  ...ODD_IDS,
];

const cents = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 500_000 }) },
  fc.constantFrom(0, 1, 99_999_999_999),
);
const money = fc.oneof(
  cents.map((value) => value / 100),
  cents.map((value) => (value / 100).toFixed(2)),
  cents.map((value) => (value / 100).toFixed(2).replace(".", ",")),
);

/** Values the services take for a field of this name. */
const KNOWN_VALUES: Record<string, readonly unknown[]> = {
  period: ["2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4", "2025-Q4", "2026-10", "2026-11", "2025", "2026"],
  report: REPORT_IDS,
  recurringInterval: RECURRING_INTERVALS,
  vatRate: [0, 9, 21, "21", "9,0", "0"],
  email: ["els@korenschoof.nl", "sanne@voorbeeld.nl", ""],
  iban: ["NL91ABNA0417164300", "NL44 RABO 0123 4567 89", "BE68539007547034", ""],
  counterpartyIban: ["NL44RABO0123456789"],
  postalCode: ["1234 AB", "1015CJ", ""],
  // The VAT number must fit the country: mostly Dutch both.
  country: ["NL", "NL", "NL", "BE"],
  paymentTermsDays: [14, 30, "30", 0, 365],
  kvkNumber: ["12345678", "8765 4321"],
  vatNumber: ["NL000099998B57", "NL 123.456.789.B01"],
  taxNumber: ["NL000099998B57", ""],
  bic: ["ABNANL2A", "RABONL2U"],
  phone: ["+31 20 123 4567", "020-1234567"],
  website: ["https://voorbeeld.nl", "voorbeeld.nl"],
  color: ["#3b82f6", "#EF4444", null],
  format: ["INV-{NNNNNN}", "{JJJJ}-{NNNN}", "F/{NNN}"],
  fileName: ["afschrift.xml", "afschrift.csv", "afschrift.sta"],
};

/**
 * What a field of this name holds, as the services expect it. The zod schemas check these with refinements and
 * transforms, which JSON Schema leaves out; without these, hardly a request would get past validation.
 */
function hintFor(name: string, context: Context): fc.Arbitrary<unknown> | undefined {
  if (name === "id" || name === "ids" || /[a-z]Ids?$/.test(name)) {
    const known = context.ids.of(name === "id" || name === "ids" ? context.routeKind : name);
    return known.length ? fc.constantFrom(...known) : fc.uuid();
  }
  if (/(^date$|Date$|^from$|^to$|^filedOn$)/.test(name)) return isoDate("2024-01-01", "2027-12-31");
  if (/^(startTime|endTime)$/.test(name)) {
    // Two days only, so that a start and an end are often less than the 24 hours an entry may last apart.
    return fc
      .tuple(fc.constantFrom("2026-11-20", "2026-11-21"), fc.integer({ min: 0, max: 23 }))
      .map(([date, hour]) => `${date}T${String(hour).padStart(2, "0")}:00:00.000Z`);
  }
  if (/^(amount|unitPrice|quantity|hourlyRate|openingBalance|amountMin|amountMax)$/.test(name)) return money;
  // Totals the client computed are checked against the server's: left to the server, or filled by `complete`.
  if (/^(subtotal|taxAmount|total|vatAmount|amountIncludingVat)$/.test(name)) return fc.constant(null);
  return Object.hasOwn(KNOWN_VALUES, name) ? fc.constantFrom(...KNOWN_VALUES[name]!) : undefined;
}

/** `isWild`: mutate (odd values, dropped and unknown fields), or keep every value plausible. */
type Context = { ids: RecordIds; routeKind: string; isWild: boolean };

/** A field's value: plausible, or in a wild request one time in seven an odd one. */
function fieldValue(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  const valid = validValue(schema, name, context);
  return context.isWild ? fc.oneof({ weight: 6, arbitrary: valid }, oddValue(schema)) : valid;
}

/** A value the schema allows: a hint's value where the name gives one (a wild request also tries the rest). */
function validValue(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const hint = allowsText(schema) ? hintFor(name, context) : undefined;
  if (!hint) return structuralValue(schema, name, context);
  return context.isWild
    ? fc.oneof({ weight: 3, arbitrary: hint }, structuralValue(schema, name, context))
    : hint;
}

function structuralValue(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, name, context)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => structuralValue({ ...schema, type }, name, context)));
  }
  switch (schema.type) {
    case "string":
      return textValue(schema);
    case "integer": {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0));
    }
    case "number":
      return fc.oneof(
        cents.map((value) => value / 100),
        fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true }),
      );
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(fieldValue(schema.items ?? {}, name, context), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "object":
      return objectValue(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function textValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "email") return fc.emailAddress();
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, schema.maxLength));
  }
  // At least one character: most text fields are trimmed, and an empty one is the odd values' business.
  const minLength = Math.max(schema.minLength ?? 0, 1);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }).filter((text) => text.trim() !== "") },
    fc.string({ unit: "grapheme", minLength, maxLength }),
  );
}

const allowsText = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes("string") || (schema.anyOf ?? schema.oneOf ?? []).some(allowsText);

/** An odd value: a wrong type, a long or strange string, an odd date or id, or one just past the schema's bounds. */
function oddValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const pastBounds = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((part) => [
    ...(part.maxLength !== undefined ? ["x".repeat(part.maxLength + 1), "é".repeat(part.maxLength + 1)] : []),
    ...(part.minLength ? ["x".repeat(part.minLength - 1)] : []),
    ...(part.maximum !== undefined ? [part.maximum + 1, part.maximum + 0.5] : []),
    ...(part.minimum !== undefined ? [part.minimum - 1, part.minimum - 0.5] : []),
    ...(part.maxItems !== undefined ? [Array.from({ length: part.maxItems + 1 }, () => "x")] : []),
  ]);
  return fc.constantFrom(...ODD_VALUES, ...pastBounds);
}

/** Pairs of fields that the schemas want in order. */
const ORDERED_PAIRS = [
  ["from", "to"],
  ["startDate", "endDate"],
  ["issueDate", "dueDate"],
  ["date", "recurringEndDate"],
  ["startTime", "endTime"],
] as const;

function inOrder(value: Record<string, unknown>): Record<string, unknown> {
  const result = { ...value };
  for (const [first, second] of ORDERED_PAIRS) {
    const [a, b] = [result[first], result[second]];
    if (typeof a === "string" && typeof b === "string" && a > b) [result[first], result[second]] = [b, a];
  }
  return result;
}

/** Years at the edges of what the app reckons with: every date of an object moved into one of them. */
const ODD_YEARS = ["0100", "0999", "1000", "1899", "1970", "1999", "2101", "9998"];

const inYear = (value: Record<string, unknown>, year: string) =>
  Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      typeof field === "string" && /^\d{4}-\d\d-\d\d/.test(field) ? year + field.slice(4) : field,
    ]),
  );

/**
 * An object of the schema with its optional fields there or not. Plausible: dates of a pair in order. Wild:
 * pairs in any order, all dates in an odd year, a required field dropped or an unknown one added.
 */
function objectValue(schema: JsonSchema, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const record = fc.record(
    Object.fromEntries(properties.map(([name, part]) => [name, fieldValue(part, name, context)])),
    { requiredKeys: required },
  ) as fc.Arbitrary<Record<string, unknown>>;
  if (!context.isWild) return record.map(inOrder);
  return fc.oneof(
    { weight: 3, arbitrary: record },
    fc.tuple(record, fc.constantFrom(...ODD_YEARS)).map(([value, year]) => inOrder(inYear(value, year))),
    fc
      .tuple(record, fc.constantFrom(...(required.length ? required : ["unknownField"])))
      .map(([value, dropped]) =>
        Object.fromEntries(Object.entries(value).filter(([name]) => name !== dropped)),
      ),
    fc
      .tuple(record, fc.constantFrom(...ODD_VALUES))
      .map(([value, extra]) => ({ ...value, unknownField: extra })),
  );
}

/** Bodies for the routes that read the raw request: the CSV and bank statement imports, the logo. */
const rawBody: fc.Arbitrary<Pick<FuzzRequest, "headers" | "payload">> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(isoDate("2025-01-01", "2026-12-31"), fc.constantFrom(...ODD_DATES)),
        fc.constantFrom("income", "expense", "inkomsten", "x"),
        fc.string({ maxLength: 20 }),
        cents.map((value) => (value / 100).toFixed(2)),
        fc.constantFrom("21", "9", "0", "", "101"),
      ),
      { maxLength: 4 },
    )
    .map((rows) => ({
      headers: { "content-type": "text/csv" },
      payload: [
        "Datum,Type,Beschrijving,Bedrag,BTW%,Categorie",
        ...rows.map((row) => `${row.join(",")},`),
      ].join("\n"),
    })),
  fc
    .array(
      fc.record({
        date: fc.oneof(isoDate("2025-01-01", "2026-12-31"), fc.constantFrom(...ODD_DATES)),
        amount: cents.map((value) => ((value - 250_000) / 100).toFixed(2)),
        name: fc.string({ maxLength: 20 }),
        text: fc.string({ maxLength: 40 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((entries) => ({
      headers: { "content-type": "application/octet-stream" },
      payload: Buffer.from(camt053({ iban: "NL91ABNA0417164300", opening: "1000.00", entries }), "utf8"),
    })),
  fc.constant({ headers: { "content-type": "image/png" }, payload: PNG_LOGO }),
  fc.record({
    headers: fc.record({
      "content-type": fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "application/octet-stream"),
    }),
    payload: fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.nat({ max: PNG_LOGO.length }).map((cut) => PNG_LOGO.subarray(0, cut)),
      fc.string({ maxLength: 200 }),
    ),
  }),
);

const json = (value: unknown): Pick<FuzzRequest, "headers" | "payload"> =>
  value === undefined
    ? {}
    : { headers: { "content-type": "application/json" }, payload: JSON.stringify(value) };

/** `a=1&b=x&b=y` from an object of generated values, as a browser or a script would send them. */
function queryString(values: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const one of [value].flat()) {
      query.append(name, typeof one === "object" && one !== null ? JSON.stringify(one) : String(one ?? ""));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * Requests for one route, plausible three times in five, else wild. `complete` fills in what a form computes
 * before it sends (an invoice's totals): always in a plausible request, half the time in a wild one.
 */
export function requestsFor(
  route: FuzzRoute,
  ids: RecordIds,
  complete: (body: unknown) => unknown = (body) => body,
): fc.Arbitrary<FuzzRequest> {
  const requests = (isWild: boolean) => {
    const context: Context = { ids, routeKind: routeKind(route.url), isWild };
    const params = fc.record(
      Object.fromEntries(
        [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [
          name!,
          fieldValue(route.params?.properties?.[name!] ?? { type: "string" }, name!, {
            ...context,
            routeKind: idParameterKind(route.url),
          }),
        ]),
      ),
    );
    const query = route.querystring ? objectValue(route.querystring, context) : fc.constant({});
    return fc
      .record({ params, query, body: bodyOf(route, context, complete) })
      .map(({ params, query, body }) => ({
        method: route.method,
        url:
          route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name]))) +
          queryString(query),
        ...body,
      }));
  };
  return fc.oneof({ weight: 3, arbitrary: requests(false) }, { weight: 2, arbitrary: requests(true) });
}

function bodyOf(
  route: FuzzRoute,
  context: Context,
  complete: (body: unknown) => unknown,
): fc.Arbitrary<Pick<FuzzRequest, "headers" | "payload">> {
  if (route.method === "GET" || route.method === "DELETE") return fc.constant({});
  if (!route.body) {
    const none = fc.constant({});
    return context.isWild
      ? fc.oneof(none, fc.jsonValue({ maxDepth: 2 }).map(json), rawBody)
      : fc.oneof(none, rawBody);
  }
  const valid = validValue(route.body, "", context);
  if (!context.isWild) return valid.map(complete).map(json);
  return fc
    .oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(valid, fc.boolean()).map(([body, isDone]) => (isDone ? complete(body) : body)),
      },
      oddValue(route.body),
    )
    .map(json);
}
