import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Trash2 } from "lucide-react";
import {
  OnlinePaymentsInputSchema,
  type OnlinePayments,
  type OnlinePaymentsInput,
} from "@shared/schemas/payment-links";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { apiRequest, getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";

const ONLINE_PAYMENTS_KEY = ["/api/settings/online-payments"] as const;
const onlinePaymentsQuery = queryOptions<OnlinePayments>({ queryKey: ONLINE_PAYMENTS_KEY });

function useSaveKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OnlinePaymentsInput) =>
      apiRequest<OnlinePayments>("PUT", "/api/settings/online-payments", input),
    meta: { booksUnaffected: true },
    onSuccess: (saved) => queryClient.setQueryData(ONLINE_PAYMENTS_KEY, saved),
  });
}

function useRemoveKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>("DELETE", "/api/settings/online-payments"),
    meta: { booksUnaffected: true },
    onSuccess: () => queryClient.setQueryData<OnlinePayments>(ONLINE_PAYMENTS_KEY, { isConfigured: false }),
  });
}

/**
 * Settings → Online betalen: the user's own Mollie API key. With it, every invoice sent or downloaded carries a
 * 'Betaal online' link for its open amount, and payments through it are recorded on the invoice by themselves.
 */
export function OnlinePaymentsSection() {
  const settings = useQuery(onlinePaymentsQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Online betalen</CardTitle>
        <CardDescription>
          Met je eigen Mollie-account krijgen je facturen een link &lsquo;Betaal online&rsquo; (iDEAL, kaart
          en meer). Een betaling via die link wordt vanzelf bij de factuur geboekt. Zonder Mollie blijven het
          IBAN en de QR-code op de factuur staan, zoals altijd.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-24" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Online betalen laden mislukt: {getErrorMessage(settings.error)}
          </p>
        ) : settings.data.isConfigured ? (
          <Configured settings={settings.data} />
        ) : (
          <KeyForm />
        )}
      </CardContent>
    </Card>
  );
}

function Configured({ settings }: { settings: Extract<OnlinePayments, { isConfigured: true }> }) {
  const removeKey = useRemoveKey();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <CreditCard className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            Mollie is gekoppeld
            <Badge variant={settings.mode === "live" ? "success" : "warning"}>
              {settings.mode === "live" ? "Live" : "Testmodus"}
            </Badge>
          </p>
          <p className="font-mono text-sm break-all text-muted-foreground" aria-label="API-sleutel">
            {settings.maskedKey}
          </p>
          {settings.mode === "test" && (
            <p className="text-xs text-muted-foreground">
              Met een testsleutel wordt er niet echt betaald. Vul een live-sleutel in om betalingen te
              ontvangen.
            </p>
          )}
        </div>
      </div>
      <Button variant="outline" onClick={() => setIsConfirming(true)} className="self-start sm:self-center">
        <Trash2 aria-hidden />
        Ontkoppelen
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Mollie ontkoppelen?"
        description="Nieuwe facturen krijgen dan geen link 'Betaal online' meer. Betalingen via links die al verstuurd zijn, komen nog gewoon binnen in Mollie."
        confirmLabel="Ontkoppelen"
        isDestructive
        isPending={removeKey.isPending}
        onConfirm={async () => {
          try {
            await removeKey.mutateAsync();
            setIsConfirming(false);
            toast({ title: "Mollie ontkoppeld" });
          } catch (error) {
            toastError(error);
          }
        }}
      />
    </div>
  );
}

function KeyForm() {
  const saveKey = useSaveKey();
  const form = useForm<OnlinePaymentsInput>({
    resolver: zodResolver(OnlinePaymentsInputSchema),
    defaultValues: { apiKey: "" },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await saveKey.mutateAsync(input);
      toast({
        title: "Mollie gekoppeld",
        description: "Je facturen krijgen voortaan een link 'Betaal online'.",
      });
    } catch (error) {
      applyFieldErrors(error, ["apiKey"], form.setError);
      toastError(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Online betalen" className="flex flex-col gap-4">
      <FormField
        label="Mollie API-sleutel"
        error={form.formState.errors.apiKey?.message}
        hint="In je Mollie-dashboard onder Ontwikkelaars → API-sleutels; begint met live_ of test_."
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder="live_…"
          {...form.register("apiKey")}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={saveKey.isPending}>
          {saveKey.isPending && <Spinner />}
          Koppelen
        </Button>
      </div>
    </form>
  );
}
