import { ComingSoon } from "@client/components/layout/coming-soon";
import { DASHBOARD_NAV_ITEM } from "@client/components/layout/app-navigation";
import { useSessionUser } from "@client/lib/session-user";
import { getFirstNameOrUsername } from "@client/lib/user-display";

/** Spec §2.11: the title is the Dashboard navigation label; the metrics and charts come with their data. */
export function DashboardPage() {
  const user = useSessionUser();
  return (
    <ComingSoon
      title={DASHBOARD_NAV_ITEM.label}
      subtitle={`Welkom terug, ${getFirstNameOrUsername(user)}`}
      icon={DASHBOARD_NAV_ITEM.icon}
      summary="Hier zie je straks je openstaande facturen, te betalen bedragen, btw van dit kwartaal, gefactureerde uren en je omzet tegenover je kosten in één overzicht."
    />
  );
}
