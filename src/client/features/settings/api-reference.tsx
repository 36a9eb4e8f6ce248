/**
 * The API reference, rendered from the OpenAPI document the server generates from its route schemas
 * (/api/openapi.json): resources, their paths and methods, parameters and request bodies. Loaded when opened.
 */
import { useState } from "react";
import { BookOpen, ChevronDown, FileJson } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import {
  useOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from "./api-tokens-api";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const METHOD_CLASSES: Record<(typeof METHODS)[number], string> = {
  get: "bg-sky-50 text-sky-800",
  post: "bg-emerald-50 text-emerald-800",
  put: "bg-amber-50 text-amber-800",
  patch: "bg-amber-50 text-amber-800",
  delete: "bg-red-50 text-red-800",
};
const LOCATIONS: Record<string, string> = { path: "pad", query: "query", header: "header", cookie: "cookie" };

type Operation = { method: (typeof METHODS)[number]; path: string; operation: OpenApiOperation };

/** Operations grouped by their tag (the resource), in path order. */
function groupByTag(document: OpenApiDocument): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "overig";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** A short, readable type: "string (uuid)", "'income' | 'expense'", "string | null". */
function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return "";
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(describeType).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (type === "array") return `${describeType(schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

export function ApiReference() {
  const [isOpen, setIsOpen] = useState(false);
  const document = useOpenApiDocument(isOpen);

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>API-referentie</CardTitle>
          <CardDescription>
            Stuur je sleutel mee als <code className="font-mono">Authorization: Bearer &lt;sleutel&gt;</code>.
            Bedragen zijn tekst met twee decimalen, datums JJJJ-MM-DD. Het volledige OpenAPI 3.1-document
            staat op{" "}
            <a className="font-mono underline" href="/api/openapi.json">
              /api/openapi.json
            </a>
            .
          </CardDescription>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="/api/openapi.json" download="balans-openapi.json">
              <FileJson aria-hidden />
              OpenAPI-document
            </a>
          </Button>
          <Button variant="outline" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
            <BookOpen aria-hidden />
            {isOpen ? "Verberg referentie" : "Toon referentie"}
          </Button>
        </div>
      </CardHeader>
      {isOpen && (
        <CardContent>
          {document.isPending ? (
            <div className="flex flex-col gap-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : document.isError ? (
            <p className="text-sm text-destructive">Kon de API-referentie niet laden</p>
          ) : (
            <div className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {groupByTag(document.data).map(([tag, operations]) => (
                <details key={tag} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-2 p-3 font-medium">
                    <span className="font-mono text-sm">{tag}</span>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      {operations.length}
                      <ChevronDown
                        className="size-4 transition-transform group-open:rotate-180"
                        aria-hidden
                      />
                    </span>
                  </summary>
                  <ul className="flex flex-col gap-3 px-3 pb-3">
                    {operations.map((entry) => (
                      <OperationItem key={`${entry.method} ${entry.path}`} {...entry} />
                    ))}
                  </ul>
                </details>
              ))}
            </div>
          )}
        </CardContent>
      )}
    </Card>
  );
}

function OperationItem({ method, path, operation }: Operation) {
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const fields = Object.entries(body?.properties ?? {});
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md bg-muted/40 p-3">
      <div className="flex min-w-0 items-start gap-2">
        <span
          className={`rounded px-1.5 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_CLASSES[method]}`}
        >
          {method}
        </span>
        <code className="min-w-0 break-all font-mono text-sm">{path}</code>
      </div>
      {operation.parameters && operation.parameters.length > 0 && (
        <FieldList
          title="Parameters"
          rows={operation.parameters.map((parameter) => ({
            name: parameter.name,
            detail: `${LOCATIONS[parameter.in] ?? parameter.in} · ${describeType(parameter.schema)}`,
            isRequired: Boolean(parameter.required),
          }))}
        />
      )}
      {fields.length > 0 && (
        <FieldList
          title="Body (JSON)"
          rows={fields.map(([name, schema]) => ({
            name,
            detail: describeType(schema),
            isRequired: body?.required?.includes(name) ?? false,
          }))}
        />
      )}
    </li>
  );
}

function FieldList({
  title,
  rows,
}: {
  title: string;
  rows: { name: string; detail: string; isRequired: boolean }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground">{title}</span>
      <dl className="grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[minmax(8rem,auto)_1fr]">
        {rows.map((row) => (
          <div key={row.name} className="contents">
            <dt className="font-mono text-foreground">
              {row.name}
              {row.isRequired && <span className="text-destructive"> *</span>}
            </dt>
            <dd className="break-all font-mono text-muted-foreground">{row.detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
