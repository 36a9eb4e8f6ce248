import { useState } from "react";
import { Trash2, Wand2 } from "lucide-react";
import type { BankRule } from "@shared/schemas/bank-statements";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { useBankRules, useDeleteRule } from "./api";
import { ruleBookingLabel, ruleConditions } from "./bank-format";

/** 'Regels': what Balans books by itself on import ('Voortaan automatisch'), each one removable. */
export function RulesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rules = useBankRules(open);
  const deleteRule = useDeleteRule();
  const [toDelete, setToDelete] = useState<BankRule | null>(null);

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await deleteRule.mutateAsync(toDelete.id);
      toast({ title: "Regel verwijderd", description: toDelete.name });
      setToDelete(null);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Regels</DialogTitle>
          <DialogDescription>
            Bankregels die hierop passen, verwerkt Balans bij het importeren zelf.
          </DialogDescription>
        </DialogHeader>
        {rules.isPending ? (
          <Skeleton className="h-32" />
        ) : rules.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(rules.error)}
          </p>
        ) : rules.data.length === 0 ? (
          <EmptyState
            icon={Wand2}
            title="Nog geen regels"
            description="Vink 'Voortaan automatisch' aan als je een bankregel verwerkt; dan verwerkt Balans zulke bankregels voortaan zelf."
            className="py-8"
          />
        ) : (
          <ul
            aria-label="Regels"
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
          >
            {rules.data.map((rule) => (
              <li key={rule.id} className="flex items-start gap-3 px-3 py-3">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                  <span className="font-medium break-words">{rule.name}</span>
                  <span className="text-xs break-words text-muted-foreground">
                    Als: {ruleConditions(rule)}
                  </span>
                  <span className="text-xs break-words">Dan: {ruleBookingLabel(rule)}</span>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                  aria-label={`Regel ${rule.name} verwijderen`}
                  onClick={() => setToDelete(rule)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Sluiten
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={toDelete !== null}
          onClose={() => setToDelete(null)}
          title="Regel verwijderen?"
          description="Wat al met deze regel is verwerkt, blijft verwerkt. Nieuwe bankregels worden niet meer vanzelf zo verwerkt."
          confirmLabel="Verwijderen"
          onConfirm={confirm}
          isPending={deleteRule.isPending}
        >
          {toDelete && <p className="text-sm font-medium">{toDelete.name}</p>}
        </ConfirmDialog>
      </DialogContent>
    </Dialog>
  );
}
