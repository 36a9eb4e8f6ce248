/**
 * A small, safe view of an XML document for the e-invoice reader: fast-xml-parser with namespace prefixes removed
 * (so `cbc:ID`, `ram:ID` and `ID` read the same), every element a list, no entity expansion (a DOCTYPE's entities
 * are never expanded, so a "billion laughs" file stays small); only the five predefined entities and character
 * references are decoded.
 */
import { decodeXML } from "entities";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** An element: its children by local name, its attributes as `@_name`, its text as `#text`. */
export type XmlElement = { readonly [key: string]: unknown };

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

/** The document's root elements, or null when the text is not well-formed XML. */
export function parseXmlTree(text: string): { name: string; element: XmlElement } | null {
  if (XMLValidator.validate(text) !== true) return null;
  let document: XmlElement;
  try {
    document = parser.parse(text) as XmlElement;
  } catch {
    return null;
  }
  for (const name of Object.keys(document)) {
    if (name.startsWith("#") || name.startsWith("@_") || name.startsWith("?") || name.startsWith("!"))
      continue;
    const element = children(document, name)[0];
    if (element) return { name, element };
  }
  return null;
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  return Array.isArray(value) ? value.filter(isElement) : [];
}

/** Every element at a slash path below `element` ("PaymentMeans/PayeeFinancialAccount/ID"). */
export function all(element: XmlElement | undefined, path: string): XmlElement[] {
  let current = element ? [element] : [];
  for (const name of path.split("/")) current = current.flatMap((parent) => children(parent, name));
  return current;
}

export function first(element: XmlElement | undefined, path: string): XmlElement | undefined {
  return all(element, path)[0];
}

/** The trimmed text of an element, null when absent or empty. */
export function textOf(element: XmlElement | undefined): string | null {
  const value = element?.["#text"];
  if (typeof value !== "string") return null;
  const text = decoded(value).trim();
  return text === "" ? null : text;
}

/** The trimmed text of the first element at `path` that has any. */
export function textAt(element: XmlElement | undefined, path: string): string | null {
  for (const match of all(element, path)) {
    const text = textOf(match);
    if (text !== null) return text;
  }
  return null;
}

export function attributeOf(element: XmlElement | undefined, name: string): string | null {
  const value = element?.[`@_${name}`];
  return typeof value === "string" ? decoded(value).trim() : null;
}

function isElement(value: unknown): value is XmlElement {
  return typeof value === "object" && value !== null;
}

/** Most text has no entity at all; decoding only what has one keeps it quick. */
const decoded = (text: string) => (text.includes("&") ? decodeXML(text) : text);
