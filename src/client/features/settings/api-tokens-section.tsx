/**
 * Settings → API-sleutels: personal API tokens (made with a name and a scope, shown once in full, revocable at
 * once) and the API reference rendered from /api/openapi.json.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, KeyRound, Plus } from "lucide-react";
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  CreateApiTokenInputSchema,
  type ApiToken,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from "@shared/schemas/api-tokens";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { ApiReference } from "./api-reference";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./api-tokens-api";
import { formatMoment, RevocableList } from "./revocable-list";

const FIELD_NAMES = ["name", "scope"] as const;

export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const revokeToken = async (token: ApiToken) => {
    await revoke.mutateAsync(token.id);
    if (created?.id === token.id) setCreated(null);
    toast({ title: "API-sleutel ingetrokken" });
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle>API-sleutels</CardTitle>
            <CardDescription>
              Met een API-sleutel werken je eigen scripts en koppelingen met je administratie, met dezelfde
              rechten als jij. Een sleutel met alleen lezen kan niets wijzigen. Wachtwoord,
              tweestapsverificatie, e-mailadres en sleutels beheer je alleen hier.
            </CardDescription>
          </div>
          {!isCreating && (
            <Button
              className="shrink-0"
              onClick={() => {
                setCreated(null);
                setIsCreating(true);
              }}
            >
              <Plus aria-hidden />
              Nieuwe sleutel
            </Button>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {isCreating && (
            <CreateTokenForm
              onCancel={() => setIsCreating(false)}
              onCreated={(token) => {
                setIsCreating(false);
                setCreated(token);
              }}
            />
          )}
          {created && <CreatedTokenNotice token={created} onDone={() => setCreated(null)} />}
          <RevocableList
            query={tokens}
            label="API-sleutels"
            skeletonRows={2}
            loadError="Kon API-sleutels niet laden"
            empty={{
              icon: KeyRound,
              title: "Nog geen API-sleutels",
              description: "Maak een sleutel om de API van Balans te gebruiken.",
            }}
            nameOf={(token) => token.name}
            renderBadge={(token) => (
              <Badge variant={token.scope === "read" ? "muted" : "warning"}>
                {API_TOKEN_SCOPE_LABELS[token.scope]}
              </Badge>
            )}
            renderDetails={(token) => (
              <>
                <span className="font-mono text-sm text-muted-foreground">{token.prefix}…</span>
                <span className="text-xs text-muted-foreground">
                  Gemaakt {formatMoment(token.createdAt)} ·{" "}
                  {token.lastUsedAt
                    ? `laatst gebruikt ${formatMoment(token.lastUsedAt)}`
                    : "nog niet gebruikt"}
                </span>
              </>
            )}
            revokeLabel={(token) => `${token.name} intrekken`}
            confirm={{
              title: "API-sleutel intrekken?",
              description: (token) =>
                `Scripts die "${token.name}" gebruiken, krijgen direct geen toegang meer. Dit kan niet ongedaan worden gemaakt.`,
            }}
            onRevoke={revokeToken}
            isRevoking={revoke.isPending}
          />
        </CardContent>
      </Card>
      <ApiReference />
    </div>
  );
}

function CreateTokenForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(CreateApiTokenInputSchema),
    defaultValues: { name: "", scope: "read" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Nieuwe API-sleutel"
      className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2"
    >
      <FormField label="Naam" hint="Bijvoorbeeld: Koppeling met mijn webshop" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField label="Rechten" error={errors.scope?.message}>
        <Select {...form.register("scope")}>
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {API_TOKEN_SCOPE_LABELS[scope]}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Sleutel maken
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </form>
  );
}

/** The one moment the full token is visible: Balans keeps only its hash. */
function CreatedTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setIsCopied(true);
    } catch {
      toast({
        variant: "destructive",
        title: "Fout",
        description: "Kopiëren lukte niet; selecteer de sleutel zelf.",
      });
    }
  };
  return (
    <section
      aria-label="Je nieuwe API-sleutel"
      className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/5 p-4"
    >
      <p className="text-sm font-medium text-foreground">
        Je nieuwe sleutel "{token.name}". Kopieer hem nu: je ziet hem hierna nooit meer.
      </p>
      <code className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="new-api-token">
        {token.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {isCopied ? "Gekopieerd" : "Kopiëren"}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          Ik heb hem bewaard
        </Button>
      </div>
    </section>
  );
}
