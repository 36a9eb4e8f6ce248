import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_INFO,
  type ConsentStatus,
  type CookieCategory,
} from "@shared/consent";
import { Switch } from "@client/components/ui/switch";
import { AlwaysActiveBadge } from "./always-active-badge";

/** The banner's detailed view (spec §2.7): one switch per category; essential cookies are always on. */
export function BannerCategories({
  choice,
  onToggle: toggle,
}: {
  choice: ConsentStatus;
  onToggle: (category: CookieCategory, isOn: boolean) => void;
}) {
  return (
    <ul className="mt-4 flex flex-col gap-2" aria-label="Cookiecategorieën">
      {COOKIE_CATEGORIES.map((category) => {
        const info = COOKIE_CATEGORY_INFO[category];
        const switchId = `banner-${category}`;
        const isEssential = category === "essential";
        return (
          <li
            key={category}
            className="flex items-start justify-between gap-4 rounded-lg border border-border p-3"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <label htmlFor={switchId} className="text-sm font-medium">
                {info.title}
                {isEssential && <AlwaysActiveBadge className="ml-2" />}
              </label>
              <p className="text-xs text-muted-foreground">{info.description}</p>
            </div>
            <Switch
              id={switchId}
              checked={isEssential || choice[category]}
              disabled={isEssential}
              onCheckedChange={(isOn) => toggle(category, isOn)}
            />
          </li>
        );
      })}
    </ul>
  );
}
