import { Settings2 } from "lucide-react";
import { COOKIE_CATEGORIES, COOKIE_CATEGORY_INFO } from "@shared/consent";
import { formatLongDate } from "@shared/format";
import { ErrorScreen } from "@client/components/layout/error-screen";
import { Button } from "@client/components/ui/button";
import { PageLoader } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { showPrivacySettings } from "@client/lib/consent/privacy-settings";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { useCookiePolicy } from "./api";
import { InventoryTable } from "./inventory-table";

/** /legal/cookiebeleid: the cookie policy in force, rendered from the stored policy version and its inventory. */
export function CookiePolicyPage() {
  useDocumentTitle("Cookiebeleid");
  const policy = useCookiePolicy();

  if (policy.isPending) return <PageLoader label="Laden..." />;
  if (policy.isError) {
    return (
      <ErrorScreen
        title="Het cookiebeleid kon niet worden geladen"
        description={getErrorMessage(policy.error)}
        onRetry={() => void policy.refetch()}
      />
    );
  }
  const { version, effectiveDate, policyContent, cookieInventory } = policy.data;

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6 sm:py-16">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Cookiebeleid</h1>
        <p className="text-sm text-muted-foreground">
          Versie {version}
          {effectiveDate && <> · van kracht sinds {formatLongDate(effectiveDate)}</>}
        </p>
        <Button variant="outline" className="self-start" onClick={() => showPrivacySettings()}>
          <Settings2 aria-hidden />
          Cookie-instellingen wijzigen
        </Button>
      </header>

      <div className="flex flex-col gap-4 text-[0.9375rem] leading-relaxed">
        {policyContent.split(/\n{2,}/).map((block) => renderBlock(block))}
      </div>

      <section aria-labelledby="inventory-title" className="flex flex-col gap-5">
        <h2 id="inventory-title" className="text-xl font-semibold tracking-tight">
          Overzicht van alle cookies
        </h2>
        {COOKIE_CATEGORIES.map((category) => {
          const entries = cookieInventory.filter((entry) => entry.category === category);
          if (entries.length === 0) return null;
          return (
            <section key={category} aria-labelledby={`inventory-${category}`} className="flex flex-col gap-2">
              <h3 id={`inventory-${category}`} className="font-semibold">
                {COOKIE_CATEGORY_INFO[category].title}
              </h3>
              <p className="text-sm text-muted-foreground">{COOKIE_CATEGORY_INFO[category].description}</p>
              <InventoryTable entries={entries} />
            </section>
          );
        })}
      </section>
    </article>
  );
}

/** A block of the stored text: "## " starts a heading, other lines form a paragraph. */
function renderBlock(block: string) {
  const lines = block.split("\n");
  const heading = lines[0]?.startsWith("## ") ? lines.shift()!.slice(3) : null;
  return (
    <section key={block.slice(0, 40)} className="flex flex-col gap-2">
      {heading && <h2 className="mt-2 text-xl font-semibold tracking-tight">{heading}</h2>}
      {lines.length > 0 && <p>{lines.join(" ")}</p>}
    </section>
  );
}
