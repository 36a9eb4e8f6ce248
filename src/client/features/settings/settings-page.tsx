import { Settings } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function SettingsPage() {
  return (
    <ComingSoon
      title="Instellingen"
      icon={Settings}
      summary="Hier beheer je straks je profiel, je bedrijfsgegevens voor op je facturen, je bankrekeningen, je wachtwoord en de export van je gegevens."
    />
  );
}
