import { Calculator } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function TaxesPage() {
  return (
    <ComingSoon
      title="Belastingen"
      icon={Calculator}
      summary="Hier zie je straks per kwartaal je btw-aangifte met alle rubrieken, klaar om over te nemen bij de Belastingdienst."
    />
  );
}
