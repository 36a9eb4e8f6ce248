import { Users } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function ClientsPage() {
  return (
    <ComingSoon
      title="Klanten"
      icon={Users}
      summary="Hier beheer je straks je klanten en relaties, met adres, btw-nummer, KvK-nummer, IBAN en betaaltermijn."
    />
  );
}
