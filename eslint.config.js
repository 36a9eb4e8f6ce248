// Lint rules, including the module boundaries of the architecture:
// - src/shared imports nothing from server, client, node:* or React;
// - src/client never imports src/server; one client feature never imports another;
// - no import cycles;
// - a table is written only by the server module that owns it (scripts/lint/table-ownership.js).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import tableOwnership, { readSchemaTables } from "./scripts/lint/table-ownership.js";

const clientFeatures = readdirSync(join(import.meta.dirname, "src/client/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const tableOwners = JSON.parse(
  readFileSync(join(import.meta.dirname, "src/server/db/table-owners.json"), "utf8"),
);
const tableOwnershipOptions = {
  tables: readSchemaTables(join(import.meta.dirname, "src/server/db/schema")),
  owners: Object.fromEntries(
    Object.entries(tableOwners).flatMap(([owner, tables]) => tables.map((table) => [table, owner])),
  ),
};

const serverImports = {
  group: ["**/server/**", "@server/*"],
  message: "The client and shared code never import the server.",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "migrations/**",
      "test-results/**",
      "playwright-report/**",
      ".bench/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [serverImports, { group: ["node:*"], message: "Browser code." }] },
      ],
    },
  },
  ...clientFeatures.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImports,
            {
              regex: `^(@client/features/(?!${feature}/)|(\\.\\./)+features/|\\.\\./(?!${feature}/)[^./][^/]*/)`,
              message: "A client feature does not import another feature; compose them in a page or layout.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/server/**/*.ts"],
    // Not held to the rule, each for its reason:
    // - tests set up and inspect any table they need, as the factories in tests/ do;
    // - db/ creates the tables (migrations);
    // - generator/ writes a generated account for the demo and the benchmarks as bulk multi-row inserts,
    //   thousands of rows per statement (row-by-row service calls would take minutes for the large account),
    //   then posts its books with the ledger's own rebuildLedger; its test checks every record is stored and
    //   the books balance.
    ignores: ["src/server/**/*.test.ts", "src/server/db/**", "src/server/generator/**"],
    plugins: { balans: { rules: { "table-ownership": tableOwnership } } },
    rules: { "balans/table-ownership": ["error", tableOwnershipOptions] },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImports,
            { group: ["**/client/**", "@client/*"], message: "Shared code is isomorphic." },
            {
              group: ["node:*", "react", "react-dom", "react/*"],
              message: "Shared code runs in the browser and on the server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/client/static/sw.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ["scripts/**/*.{ts,mjs}", "e2e/**/*.ts", "tests/**/*.ts", "src/server/main.ts"],
    rules: { "no-console": "off" },
  },
);
