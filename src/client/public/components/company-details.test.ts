import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { companyDetailsFrom, DEFAULT_COMPANY_DETAILS } from "@shared/content/company";
import { CompanyDetailsBlock } from "./company-details";
import { LegalDocument } from "./legal-document";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the company details of the footer and legal pages", () => {
  it("close every legal page with the configured name and e-mail, and no made-up address or numbers", () => {
    const html = renderToStaticMarkup(
      createElement(LegalDocument, { title: "Algemene voorwaarden", html: "<p>Artikel 1</p>" }),
    );
    const { name, city, email } = DEFAULT_COMPANY_DETAILS;
    expect(text(html)).toContain(`Wie is Balans? ${name} ${city} ${email}`);
    expect(text(html)).not.toContain("KvK");
    expect(html).toContain(`href="mailto:${email}"`);
  });

  it("show the address, KvK number and btw-id once configured", () => {
    const company = companyDetailsFrom({
      COMPANY_STREET: "Stationsplein 1",
      COMPANY_POSTCODE: "1012AB",
      COMPANY_KVK: "12345678",
      COMPANY_VAT_ID: "NL859301448B01",
    });
    const html = renderToStaticMarkup(createElement(CompanyDetailsBlock, { company }));
    expect(text(html)).toContain(
      "Stationsplein 1, 1012 AB Utrecht KvK 1234 5678 · btw-id NL 859.301.448.B01",
    );
  });

  it("show other configured details as given", () => {
    const company = companyDetailsFrom({ COMPANY_NAME: "Rekenwerk B.V.", COMPANY_KVK: "12345678" });
    const html = renderToStaticMarkup(createElement(CompanyDetailsBlock, { company, compact: true }));
    expect(text(html)).toContain("Rekenwerk B.V.");
    expect(text(html)).toContain("KvK 1234 5678");
  });
});
