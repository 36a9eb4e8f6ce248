import { Download, RotateCcw } from "lucide-react";
import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_INFO,
  COOKIE_INVENTORY,
  type CookieCategory,
} from "@shared/consent";
import { Button } from "@client/components/ui/button";
import { Switch } from "@client/components/ui/switch";
import { getConsentManager } from "@client/lib/consent/browser";
import type { ConsentState } from "@client/lib/consent/manager";
import { toast } from "@client/lib/toast";
import { downloadConsentData } from "./api";
import { AlwaysActiveBadge } from "./always-active-badge";

/** Spec §2.8 preferences: a card per category with its switch; essential is disabled and 'Altijd actief'. */
export function PreferencesTab({
  consent,
  onReset,
  onAnnounce,
}: {
  consent: ConsentState;
  onReset: () => void;
  onAnnounce: (text: string) => void;
}) {
  const change = (category: CookieCategory, isOn: boolean) => {
    void getConsentManager().setCategory(category, isOn);
    const description = `${COOKIE_CATEGORY_INFO[category].title} zijn ${isOn ? "ingeschakeld" : "uitgeschakeld"}.`;
    toast({ title: isOn ? "Cookies ingeschakeld" : "Cookies uitgeschakeld", description });
    onAnnounce(description);
  };

  return (
    <div className="flex flex-col gap-3">
      {COOKIE_CATEGORIES.map((category) => {
        const info = COOKIE_CATEGORY_INFO[category];
        const isEssential = category === "essential";
        const switchId = `privacy-${category}`;
        const count = COOKIE_INVENTORY.filter((entry) => entry.category === category).length;
        return (
          <div
            key={category}
            className="flex items-start justify-between gap-4 rounded-lg border border-border p-4"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor={switchId} className="text-sm font-semibold">
                  {info.title}
                </label>
                {isEssential && <AlwaysActiveBadge />}
              </div>
              <p className="text-sm text-muted-foreground">{info.description}</p>
              <p className="text-xs text-muted-foreground">
                {count} {count === 1 ? "cookie" : "cookies"} in deze categorie
              </p>
            </div>
            <Switch
              id={switchId}
              checked={isEssential || consent.status[category]}
              disabled={isEssential}
              onCheckedChange={(isOn) => change(category, isOn)}
            />
          </div>
        );
      })}
      <div className="flex flex-col gap-2 pt-1 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onReset}>
          <RotateCcw aria-hidden />
          Voorkeuren resetten
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            downloadConsentData(consent);
            onAnnounce("Gegevens gedownload");
            toast({
              title: "Gegevens gedownload",
              description: "Je cookievoorkeuren zijn als JSON-bestand opgeslagen.",
            });
          }}
        >
          <Download aria-hidden />
          Voorkeuren downloaden
        </Button>
      </div>
    </div>
  );
}
