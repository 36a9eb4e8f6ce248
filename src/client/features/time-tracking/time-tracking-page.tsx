import { Clock } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function TimeTrackingPage() {
  return (
    <ComingSoon
      title="Uren"
      icon={Clock}
      summary="Hier registreer je straks je uren per project met een timer, en zet je declarabele uren met één klik op een factuur."
    />
  );
}
