import { useId } from "react";
import { ToggleRight } from "lucide-react";
import type { FeatureFlagRow } from "@shared/schemas/operator";
import { Badge } from "@client/components/ui/badge";
import { Switch } from "@client/components/ui/switch";
import { toast, toastError } from "@client/lib/toast";
import { useToggleFeatureFlag } from "./api";
import { formatMoment, OperatorListPage, RowCard } from "./operator-list";

/** The feature flags of the spec's data model: each one switched on or off here. */
export function FeatureFlagsPage() {
  return (
    <OperatorListPage
      path="feature-flags"
      title="Functies"
      description="Feature flags: zet een functie aan of uit. Gearchiveerde flags staan er niet bij."
      empty={{
        icon: ToggleRight,
        title: "Geen feature flags",
        description: "Er zijn nog geen feature flags aangemaakt.",
      }}
      renderRow={(flag) => <FlagRow flag={flag} />}
    />
  );
}

function FlagRow({ flag }: { flag: FeatureFlagRow }) {
  const toggle = useToggleFeatureFlag();
  const labelId = useId();
  const onChange = async (isEnabled: boolean) => {
    try {
      await toggle.mutateAsync({ id: flag.id, isEnabled });
      toast({ title: isEnabled ? `${flag.name} staat aan` : `${flag.name} staat uit` });
    } catch (error) {
      toastError(error, "Niet gewijzigd");
    }
  };
  return (
    <RowCard>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={labelId} className="font-medium text-foreground">
            {flag.name}
          </p>
          {flag.description && <p className="text-muted-foreground">{flag.description}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-muted-foreground">
            <Badge variant="outline">{flag.category}</Badge>
            <Badge variant="outline">{flag.environment}</Badge>
            <span>
              uitrol {flag.rolloutPercentage}% · gewijzigd {formatMoment(flag.updatedAt)}
            </span>
          </p>
        </div>
        <Switch
          aria-labelledby={labelId}
          checked={flag.isEnabled}
          disabled={toggle.isPending}
          onCheckedChange={(checked) => void onChange(checked)}
        />
      </div>
    </RowCard>
  );
}
