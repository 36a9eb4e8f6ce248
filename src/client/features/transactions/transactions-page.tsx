import { Landmark } from "lucide-react";
import { ComingSoon } from "@client/components/layout/coming-soon";

export function TransactionsPage() {
  return (
    <ComingSoon
      title="Transacties"
      icon={Landmark}
      summary="Hier boek je straks je inkomsten en uitgaven met btw, importeer je bankafschriften en zoek je snel elke transactie terug."
    />
  );
}
