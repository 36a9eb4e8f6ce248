import type { Rule } from "eslint";

/** Every table the schema exports, by the name it is imported under: `{ journalLines: "journal_lines" }`. */
export function readSchemaTables(schemaDir: string): Record<string, string>;
/** The module a file belongs to: the feature folder, or the top-level folder of src/server; null elsewhere. */
export function ownerOfFile(filename: string): string | null;

declare const rule: Rule.RuleModule;
export default rule;
