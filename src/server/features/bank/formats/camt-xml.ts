/**
 * XML for the CAMT parser: validate with fast-xml-parser, then a small element tree whose names have their
 * namespace prefix removed, so `<ns2:Stmt>` and `<Stmt>` read the same.
 */
import { decodeXML } from "entities";
import { XMLValidator } from "fast-xml-parser";
import { parse as parseTree, type TNode } from "txml";
import { StatementFormatError } from "./types";

export type XmlElement = {
  /** Local name, without prefix. */
  name: string;
  prefix: string | null;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/**
 * Validates, then parses; throws StatementFormatError naming the line and column where the XML broke.
 * fast-xml-parser's validator says where a file is broken; the tree comes from txml, which reads a bank's
 * 10,000-entry statement several times faster. txml leaves entities as written, so text and attributes are
 * decoded here.
 */
export function parseXml(text: string): XmlElement[] {
  const result = XMLValidator.validate(text);
  if (result !== true) throw new StatementFormatError(describeXmlError(text, result.err));
  return toElements(parseTree(text, { selfClosingTags: [] }));
}

/** Most text has no entity at all; decoding only what has one keeps a large statement quick. */
const decoded = (text: string) => (text.includes("&") ? decodeXML(text) : text);

function toElements(nodes: ReadonlyArray<TNode | string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    if (typeof node === "string" || node.tagName.startsWith("?") || node.tagName.startsWith("!")) continue;
    const tag = node.tagName;
    const colon = tag.indexOf(":");
    const attributes: Record<string, string> = {};
    for (const key in node.attributes) attributes[key] = decoded(node.attributes[key] ?? "");
    let text = "";
    let hasElements = false;
    for (const child of node.children) {
      if (typeof child === "string") text += child;
      else hasElements = true;
    }
    elements.push({
      name: colon === -1 ? tag : tag.slice(colon + 1),
      prefix: colon === -1 ? null : tag.slice(0, colon),
      attributes,
      children: hasElements ? toElements(node.children) : [],
      text: decoded(text.trim()),
    });
  }
  return elements;
}

/** The namespace URI declared on the element itself for its prefix (CAMT declares it on the root). */
export function namespaceOf(element: XmlElement): string | null {
  return element.attributes[element.prefix ? `xmlns:${element.prefix}` : "xmlns"] ?? null;
}

export function child(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element?.children.find((candidate) => candidate.name === name) ?? null;
}

export function childrenNamed(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element?.children.filter((candidate) => candidate.name === name) ?? [];
}

/** The element at a slash path below `element` ("Acct/Id/IBAN"), first match at each step. */
export function at(element: XmlElement | null | undefined, path: string): XmlElement | null {
  let current: XmlElement | null = element ?? null;
  for (const name of path.split("/")) current = child(current, name);
  return current;
}

/** The trimmed text at a path, null when absent or empty. */
export function textAt(element: XmlElement | null | undefined, path: string): string | null {
  const text = at(element, path)?.text.trim() ?? "";
  return text === "" ? null : text;
}

type ValidationError = { code: string; msg: string; line: number; col?: number };

function describeXmlError(text: string, error: ValidationError): string {
  // A file cut short leaves elements open; the validator lists them ("Invalid '["Document","Stmt"]' found.").
  const unclosed = /^Invalid '\[(.*)\]' found\.$/s.exec(error.msg);
  if (unclosed) {
    const names = [...(unclosed[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => `<${match[1]}>`);
    const lines = text.replace(/\s+$/, "").split(/\r\n|\r|\n/);
    const line = lines.length;
    const column = (lines[lines.length - 1]?.length ?? 0) + 1;
    return (
      `Het CAMT-bestand is afgebroken (regel ${line}, kolom ${column}): ` +
      `${names.join(", ")} ${names.length === 1 ? "is" : "zijn"} niet afgesloten.`
    );
  }
  const where = error.col === undefined ? `regel ${error.line}` : `regel ${error.line}, kolom ${error.col}`;
  return `Het CAMT-bestand is geen geldige XML (${where}): ${dutchReason(error)}.`;
}

function dutchReason(error: ValidationError): string {
  const mismatch =
    /Expected closing tag '([^']+)' \(opened in line (\d+)[^)]*\) instead of closing tag '([^']+)'/.exec(
      error.msg,
    );
  if (mismatch)
    return `verwacht </${mismatch[1]}> (geopend op regel ${mismatch[2]}), maar vond </${mismatch[3]}>`;
  const notOpened = /Closing tag '([^']+)' has not been opened/.exec(error.msg);
  if (notOpened) return `</${notOpened[1]}> sluit een element dat niet geopend is`;
  const unfinished = /Closing tag '([^']+)' doesn't have proper closing/.exec(error.msg);
  if (unfinished) return `de sluittag </${unfinished[1]} is niet afgemaakt`;
  const openQuote = /Attributes for '([^']+)' have open quote/.exec(error.msg);
  if (openQuote) return `een attribuut van <${openQuote[1]}> heeft geen sluitend aanhalingsteken`;
  const character = /char '(.+)' is not expected/.exec(error.msg);
  if (character) return `onverwacht teken '${character[1]}'`;
  if (error.msg === "Start tag expected.") return "het bestand bevat geen XML-element";
  const kind =
    error.code === "InvalidAttr"
      ? "ongeldig attribuut"
      : error.code === "InvalidTag"
        ? "ongeldige tag"
        : "ongeldige XML";
  return `${kind} (${error.msg})`;
}
