import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "../shared/validation";
import { answerSerializer } from "./serializer";

const AnswerSchema = z.object({
  id: z.string(),
  amount: z.string(),
  client: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number() })),
  note: z.string().optional(),
});

/** An app with one route answering `body`, its answers written the way the app writes them. */
async function answering(body: unknown, checkAnswers: boolean, schema: z.ZodType = AnswerSchema) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ checkAnswers }));
  app.get("/answer", { schema: { response: { 200: schema } } }, () => body as never);
  const response = await app.inject({ method: "GET", url: "/answer" });
  await app.close();
  return response;
}

const record = {
  id: "f6a1",
  amount: "121.00",
  client: { name: "Gentse Studio BV", email: null, iban: "BE68539007547034" },
  lines: [{ description: "Ontwerp", quantity: 2, internalCost: "40.00" }],
  passwordHash: "$argon2id$…",
};

describe("the answer serializer", () => {
  it.each([false, true])(
    "writes only the fields the schema lists, also inside a nullable object and a list (check %s)",
    async (checkAnswers) => {
      const response = await answering(record, checkAnswers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: "f6a1",
        amount: "121.00",
        client: { name: "Gentse Studio BV", email: null },
        lines: [{ description: "Ontwerp", quantity: 2 }],
      });
      expect(response.body).not.toContain("passwordHash");
      expect(response.body).not.toContain("iban");
    },
  );

  it("writes null and a missing optional field as zod does", async () => {
    const response = await answering({ ...record, client: null, note: undefined }, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: "f6a1",
      amount: "121.00",
      client: null,
      lines: [{ description: "Ontwerp", quantity: 2 }],
    });
  });

  it("with the check on, refuses an answer that does not match its schema", async () => {
    // A number where the schema says text: written unchecked it would silently become "121".
    const wrong = { ...record, amount: 121 };
    expect((await answering(wrong, true)).statusCode).toBe(500);
    expect((await answering(wrong, false)).json()).toMatchObject({ amount: "121" });
  });

  it("keeps zod's way for a schema without a JSON Schema (a date object)", async () => {
    const schema = z.object({ at: z.date() });
    const response = await answering({ at: new Date("2026-11-26T12:00:00Z"), extra: 1 }, false, schema);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: "2026-11-26T12:00:00.000Z" });
  });
});
