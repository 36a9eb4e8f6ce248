import { ChartColumn } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function ReportsPage() {
  return (
    <ComingSoon
      title="Rapporten"
      icon={ChartColumn}
      summary="Hier vind je straks je winst-en-verliesrekening, balans, cashflow en urenoverzicht per periode, op het scherm en als download."
    />
  );
}
