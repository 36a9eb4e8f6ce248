import { useMemo, useState } from "react";
import { CircleAlert, CircleCheck } from "lucide-react";
import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_INFO,
  COOKIE_INVENTORY,
  isCategoryAllowed,
} from "@shared/consent";
import { Button } from "@client/components/ui/button";
import {
  documentCookieJar,
  findUnconsentedCookies,
  removeUnconsentedCookies,
} from "@client/lib/consent/cookies";
import type { ConsentState } from "@client/lib/consent/manager";
import { InventoryTable } from "./inventory-table";

/** Spec §2.8 cookies: compliance status (spec §8 'Cookies zonder toestemming gevonden') and the inventory. */
export function CookiesTab({ consent }: { consent: ConsentState }) {
  const [checkedAt, setCheckedAt] = useState(0);
  const unconsented = useMemo(
    () => findUnconsentedCookies(documentCookieJar(document), consent.status),
    // checkedAt re-reads document.cookie after a removal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [consent.status, checkedAt],
  );

  return (
    <div className="flex flex-col gap-4">
      {unconsented.length === 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/5 p-3 text-sm"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          Alles in orde: je browser bevat alleen cookies waarvoor je toestemming hebt gegeven.
        </p>
      ) : (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            Cookies zonder toestemming gevonden
          </p>
          <p>{unconsented.join(", ")}</p>
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            onClick={() => {
              removeUnconsentedCookies(documentCookieJar(document), consent.status, window.location.hostname);
              setCheckedAt(Date.now());
            }}
          >
            Nu verwijderen
          </Button>
        </div>
      )}
      {COOKIE_CATEGORIES.map((category) => {
        const isAllowed = isCategoryAllowed(category, consent.status);
        return (
          <section key={category} className="flex flex-col gap-2" aria-labelledby={`cookies-${category}`}>
            <h3
              id={`cookies-${category}`}
              className="flex items-center justify-between gap-2 text-sm font-semibold"
            >
              {COOKIE_CATEGORY_INFO[category].title}
              <span
                className={
                  isAllowed
                    ? "text-xs font-medium text-emerald-700"
                    : "text-xs font-medium text-muted-foreground"
                }
              >
                {isAllowed ? "Toegestaan" : "Niet toegestaan"}
              </span>
            </h3>
            <InventoryTable entries={COOKIE_INVENTORY.filter((entry) => entry.category === category)} />
          </section>
        );
      })}
    </div>
  );
}
