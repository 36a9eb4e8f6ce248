/**
 * How answers become JSON. Every route's response schema is a shared zod schema; the answer is written by
 * fast-json-stringify from that schema's JSON Schema, which names every field it writes, so a field the schema
 * does not list never leaves the server, and writes a page of invoices several times faster than zod's check
 * followed by JSON.stringify.
 *
 * fast-json-stringify trusts the data: it does not check it. So where `checkAnswers` is on (the API tests and the
 * browser tests), each answer is also written the zod way, which refuses an answer that does not match its
 * schema, and the two texts must mean the same; a difference fails the request. A schema that has no JSON Schema
 * (a transform, say) keeps the zod way.
 */
import { isDeepStrictEqual } from "node:util";
import type { FastifySchemaCompiler } from "fastify";
import fastJson from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<z.ZodType>>[0]) => Serialize;

/**
 * The JSON Schema of an answer, or null when zod cannot describe it in one. `additionalProperties: false` goes:
 * fast-json-stringify writes only the listed fields anyway, while inside an anyOf (a nullable object) it would
 * make a record with an extra field match no branch at all, where zod just leaves the field out.
 */
function jsonSchemaOf(schema: unknown): object | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
    return JSON.parse(JSON.stringify(json), (key, value: unknown) =>
      key === "additionalProperties" && value === false ? undefined : value,
    ) as object;
  } catch {
    return null;
  }
}

export function answerSerializer({ checkAnswers }: { checkAnswers: boolean }): SerializerCompiler {
  return (route) => {
    const checked = zodSerializerCompiler(route as never) as Serialize;
    const jsonSchema = jsonSchemaOf(route.schema);
    if (!jsonSchema) return checked;
    const fast = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
    if (!checkAnswers) return fast;
    return (data) => {
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`The answer of ${route.method} ${route.url} is written differently from its schema`);
      }
      return written;
    };
  };
}
