import type { CompanyDetails } from "@shared/content/company";
import { COMPANY } from "../company";

/**
 * Who Balans is: name, address, KvK number, btw-id and e-mail address (Handelsregisterbesluit art. 41).
 * `compact` is the footer's single block; otherwise the section closing a legal page.
 */
export function CompanyDetailsBlock({
  company = COMPANY,
  compact = false,
}: {
  company?: CompanyDetails;
  compact?: boolean;
}) {
  // What is not configured is left out rather than shown empty (company.ts makes none up).
  const identifiers = [
    company.kvkNumber && `KvK ${company.kvkNumber}`,
    company.vatId && `btw-id ${company.vatId}`,
  ].filter(Boolean);
  const lines = (
    <address className="not-italic">
      <span className="font-medium text-foreground">{company.name}</span>
      <br />
      {[company.street, [company.postcode, company.city].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", ")}
      <br />
      {identifiers.length > 0 && (
        <>
          {identifiers.join(" · ")}
          <br />
        </>
      )}
      <a
        href={`mailto:${company.email}`}
        className="underline-offset-4 hover:text-foreground hover:underline break-all"
      >
        {company.email}
      </a>
    </address>
  );
  if (compact) return <div className="text-slate-600">{lines}</div>;
  return (
    <section
      aria-labelledby="company-details-title"
      className="mt-12 rounded-lg border border-border p-5 text-sm"
    >
      <h2 id="company-details-title" className="text-base font-semibold text-foreground">
        Wie is Balans?
      </h2>
      <div className="mt-2 leading-relaxed text-slate-600">{lines}</div>
    </section>
  );
}
