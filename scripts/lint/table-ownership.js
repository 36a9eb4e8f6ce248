// The data-ownership rule: a table is written only by the module that owns it (src/server/db/table-owners.json).
// 1. The owner of a file is its folder under src/server: `server/features/<feature>/…` is the feature, any other
//    `server/<module>/…` (jobs, mail, plugins) is that module.
// 2. A write is a Drizzle `insert(t)`, `update(t)` or `delete(t)` on a table imported from the database schema,
//    or a `sql` template whose text says `insert into t`, `update t` or `delete from t` (by name or `${t}`).
// 3. A write to a table whose owner is not the file's owner is reported: call the owner's service instead.
// Reads are not checked: any server module may read another feature's tables (reports, the dashboard, the
// audit file and the privacy export are built from them).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DRIZZLE_WRITES = new Set(["insert", "update", "delete"]);
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const SCHEMA_MODULE = /(^|\/)db\/schema(\/[^/]+)?$/;

/**
 * Every table the schema exports, by the name it is imported under: `{ journalLines: "journal_lines" }`.
 * Read from the schema's source, so the linter needs no TypeScript loader; a test holds it to Drizzle's own list.
 */
export function readSchemaTables(schemaDir) {
  const tables = {};
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith(".ts"))) {
    const source = readFileSync(join(schemaDir, file), "utf8");
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      tables[match[1]] = match[2];
    }
  }
  return tables;
}

/** The module a file belongs to: the feature folder, or the top-level folder of src/server; null elsewhere. */
export function ownerOfFile(filename) {
  const path = filename.replaceAll("\\", "/");
  const feature = /(?:^|\/)src\/server\/features\/([^/]+)\//.exec(path);
  if (feature) return feature[1];
  const module = /(?:^|\/)src\/server\/([^/]+)\//.exec(path);
  return module ? module[1] : null;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: {
      description: "A table is written only by the feature that owns it; others call that feature's service.",
    },
    schema: [
      {
        type: "object",
        properties: {
          tables: { type: "object", additionalProperties: { type: "string" } },
          owners: { type: "object", additionalProperties: { type: "string" } },
        },
        required: ["tables", "owners"],
        additionalProperties: false,
      },
    ],
    messages: {
      foreignWrite:
        "'{{module}}' writes {{table}}, a table of '{{owner}}': add a named operation to '{{owner}}' and call it.",
      unowned: "{{table}} has no owner in src/server/db/table-owners.json.",
    },
  },
  create(context) {
    const { tables, owners } = context.options[0];
    const module = ownerOfFile(context.filename);
    if (!module) return {};
    const tableNames = new Set(Object.values(tables));

    function check(node, table) {
      const owner = owners[table];
      if (!owner) context.report({ node, messageId: "unowned", data: { table } });
      else if (owner !== module)
        context.report({ node, messageId: "foreignWrite", data: { module, table, owner } });
    }

    /** The schema table an expression names (`journalLines`, `schema.journalLines`), or null. */
    function tableOf(node) {
      if (node.type === "Identifier") {
        const binding = importOf(node, node.name);
        if (binding?.type === "ImportSpecifier") {
          const imported =
            binding.imported.type === "Identifier" ? binding.imported.name : binding.imported.value;
          return tables[imported] ?? null;
        }
        return null;
      }
      if (node.type === "MemberExpression" && !node.computed && node.object.type === "Identifier") {
        const binding = importOf(node, node.object.name);
        if (binding?.type === "ImportNamespaceSpecifier") return tables[node.property.name] ?? null;
      }
      return null;
    }

    /** The import specifier of the schema that `name` resolves to at `node`, if it is one. */
    function importOf(node, name) {
      for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get(name);
        if (!variable) continue;
        const definition = variable.defs[0];
        if (definition?.type !== "ImportBinding") return null;
        return SCHEMA_MODULE.test(definition.parent.source.value) ? definition.node : null;
      }
      return null;
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier")
          return;
        if (!DRIZZLE_WRITES.has(callee.property.name) || node.arguments.length !== 1) return;
        const table = tableOf(node.arguments[0]);
        if (table) check(node, table);
      },
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        // The statement's text with each interpolated schema table written out by its name.
        let text = quasis[0].value.cooked ?? quasis[0].value.raw;
        expressions.forEach((expression, index) => {
          text += tableOf(expression) ?? "$";
          text += quasis[index + 1].value.cooked ?? quasis[index + 1].value.raw;
        });
        for (const match of text.matchAll(SQL_WRITE)) {
          const table = match[2].toLowerCase();
          if (tableNames.has(table)) check(node, table);
        }
      },
    };
  },
};

export default rule;
