/**
 * Validates an e-invoice the way a Peppol access point does, with the official artefacts in tests/standards/:
 * 1. the EN 16931 rules (CEN/TC 434's precompiled XSLT) and the Peppol BIS 3 rules (its schematron, transpiled by
 *    SchXslt 1.9.5), both compiled to SEF by xslt3 once per content hash and kept under the OS temp directory;
 * 2. each run with SaxonJS in this process, its SVRL report read into failed assertions;
 * 3. the UBL 2.1 XML schema with xmllint (libxml2-utils), when it is installed.
 * Nothing is downloaded: compiling the two rule sets takes about a minute on a cold cache, then nothing.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";

const require = createRequire(import.meta.url);
const STANDARDS = fileURLToPath(new URL("./standards/", import.meta.url));
const XSLT3 = require.resolve("xslt3/xslt3.js");
const CACHE = join(tmpdir(), "balans-schematron");

type SaxonJs = {
  transform(options: { stylesheetInternal: unknown; sourceText: string; destination: "serialized" }): {
    principalResult: string;
  };
};
const SaxonJS = require("saxon-js") as SaxonJs;

export type Assertion = { id: string; flag: string; location: string; text: string };
export type ValidationReport = {
  /** Failed assertions flagged fatal (EN 16931 also says 'error' in older rules): the invoice is refused. */
  errors: Assertion[];
  warnings: Assertion[];
};

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [XSLT3, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`xslt3 ${args.join(" ")} failed: ${stderr}`)),
    );
  });
}

/** SHA-256 over the files' bytes: the cache key. */
async function hashOf(files: string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const file of files) hash.update(await readFile(file));
  return hash.digest("hex");
}

/**
 * Compiles `stylesheet` to SEF unless a compiled copy of the same bytes (and of the files it includes) is cached;
 * answers the SEF's path.
 */
async function compiled(stylesheet: string, includes: string[] = []): Promise<string> {
  const hash = await hashOf([stylesheet, ...includes]);
  const sef = join(CACHE, `${hash}.sef.json`);
  if (await exists(sef)) return sef;
  await mkdir(CACHE, { recursive: true });
  // Written under a name of its own and renamed, so a parallel run never reads half a file.
  const partial = `${sef}.${process.pid}.partial`;
  await run([`-xsl:${stylesheet}`, `-export:${partial}`, "-nogo"]);
  await rename(partial, sef);
  return sef;
}

const SCHXSLT = join(STANDARDS, "schxslt");
const SCHXSLT_FILES = [
  "compile/api-2.0.xsl",
  "compile/compile-2.0.xsl",
  "compile/functions.xsl",
  "compile/templates.xsl",
  "expand.xsl",
  "include.xsl",
  "pipeline.xsl",
  "svrl.xsl",
  "version.xsl",
].map((file) => join(SCHXSLT, file));

/** The Peppol schematron as XSLT (SchXslt's pipeline: include, expand, compile), cached like the SEF files. */
async function transpiledPeppol(): Promise<string> {
  const schema = join(STANDARDS, "peppol/PEPPOL-EN16931-UBL.sch");
  const transpiler = join(SCHXSLT, "pipeline-for-svrl.xsl");
  const xsl = join(CACHE, `${await hashOf([schema, transpiler, ...SCHXSLT_FILES])}.xsl`);
  if (await exists(xsl)) return xsl;
  const transpilerSef = await compiled(transpiler, SCHXSLT_FILES);
  const partial = `${xsl}.${process.pid}.partial`;
  await run([`-xsl:${transpilerSef}`, `-s:${schema}`, `-o:${partial}`]);
  await rename(partial, xsl);
  return xsl;
}

export type EInvoiceValidator = {
  en16931(xml: string): ValidationReport;
  peppol(xml: string): ValidationReport;
};

/** Loads (compiling when not cached) both rule sets; call once per test file, in beforeAll. */
export async function loadEInvoiceValidator(): Promise<EInvoiceValidator> {
  const [en16931Sef, peppolSef] = await Promise.all([
    compiled(join(STANDARDS, "en16931/EN16931-UBL-validation.xslt")),
    transpiledPeppol().then(compiled),
  ]);
  const [en16931, peppol] = await Promise.all(
    [en16931Sef, peppolSef].map(async (path) => JSON.parse(await readFile(path, "utf8")) as unknown),
  );
  const validate = (stylesheet: unknown) => (xml: string) =>
    readSvrl(
      SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: "serialized" })
        .principalResult,
    );
  return { en16931: validate(en16931), peppol: validate(peppol) };
}

const svrlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  isArray: (name) => name === "failed-assert",
});

/** An SVRL text element, plain or with markup inside it. */
function textOf(node: unknown): string {
  if (typeof node === "string") return node.trim();
  if (typeof node === "object" && node !== null)
    return String((node as { "#text"?: unknown })["#text"] ?? "").trim();
  return "";
}

/** The failed assertions of an SVRL report, split into errors and warnings by their flag. */
export function readSvrl(svrl: string): ValidationReport {
  const report = svrlParser.parse(svrl) as {
    "schematron-output"?: { "failed-assert"?: Record<string, unknown>[] };
  };
  const output = report["schematron-output"];
  if (!output) throw new Error(`Not an SVRL report: ${svrl.slice(0, 200)}`);
  const failed = (output["failed-assert"] ?? []).map((assert) => ({
    id: String(assert.id ?? ""),
    flag: String(assert.flag ?? "fatal"),
    location: String(assert.location ?? ""),
    text: textOf(assert.text),
  }));
  return {
    errors: failed.filter((assert) => assert.flag === "fatal" || assert.flag === "error"),
    warnings: failed.filter((assert) => assert.flag !== "fatal" && assert.flag !== "error"),
  };
}

export const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;

/** xmllint against the UBL 2.1 schema of the document's type: its output when invalid, null when valid. */
export async function ublSchemaErrors(xml: string): Promise<string | null> {
  const isCreditNote = /<CreditNote[\s>]/.test(xml);
  const schema = join(STANDARDS, `ubl-2.1/maindoc/UBL-${isCreditNote ? "CreditNote" : "Invoice"}-2.1.xsd`);
  await mkdir(CACHE, { recursive: true });
  const file = join(CACHE, `document-${process.pid}-${Date.now()}.xml`);
  await writeFile(file, xml);
  const result = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schema, file], { encoding: "utf8" });
  await rm(file, { force: true });
  return result.status === 0 ? null : `${result.stderr}`.replaceAll(file, "document.xml");
}
