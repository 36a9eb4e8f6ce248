/**
 * Settings → Wachtwoord → Tweestapsverificatie: switching two-factor sign-in on (password, QR code, first code,
 * recovery codes shown once), new recovery codes, and switching it off (password and a code).
 */
import { useState } from "react";
import { ShieldCheck } from "lucide-react";
import type { TwoFactorSetupAnswer } from "@shared/schemas/auth";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { OneTimeCodeInput } from "@client/components/ui/one-time-code-input";
import { Spinner } from "@client/components/ui/spinner";
import { ApiError } from "@client/lib/api";
import { useSessionUser } from "@client/lib/session-user";
import { toast, toastError } from "@client/lib/toast";
import { useDisableTwoFactor, useEnableTwoFactor, useRenewRecoveryCodes, useStartTwoFactor } from "./api";

type Stage =
  | { kind: "idle" }
  | { kind: "password" }
  | { kind: "scan"; setup: TwoFactorSetupAnswer }
  | { kind: "codes"; codes: string[] }
  | { kind: "confirm"; action: "disable" | "renew" };

type FieldErrors = Partial<Record<"currentPassword" | "code", string>>;

/** The server's message under its field, or else as a toast. */
function showError(error: unknown, setErrors: (errors: FieldErrors) => void) {
  const fields = error instanceof ApiError ? (error.fieldErrors as FieldErrors | undefined) : undefined;
  if (fields && (fields.currentPassword || fields.code)) setErrors(fields);
  else toastError(error);
}

export function TwoFactorCard() {
  const { isTwoFactorEnabled, isDemo } = useSessionUser();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();

  const go = (next: Stage) => {
    setErrors({});
    setCode("");
    if (next.kind === "idle" || next.kind === "codes") setPassword("");
    setStage(next);
  };
  const cancel = (
    <Button type="button" variant="ghost" onClick={() => go({ kind: "idle" })}>
      Annuleren
    </Button>
  );
  const passwordField = (
    <FormField label="Huidig wachtwoord" error={errors.currentPassword}>
      <Input
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </FormField>
  );
  const codeField = (hint: string) => (
    <FormField label="Verificatiecode" hint={hint} error={errors.code}>
      <OneTimeCodeInput value={code} onChange={(event) => setCode(event.target.value)} />
    </FormField>
  );

  let body;
  if (stage.kind === "password") {
    body = (
      <form
        aria-label="Tweestapsverificatie instellen"
        noValidate
        className="grid gap-4 sm:max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(
            { currentPassword: password },
            {
              onSuccess: (setup) => go({ kind: "scan", setup }),
              onError: (error) => showError(error, setErrors),
            },
          );
        }}
      >
        {passwordField}
        <div className="flex gap-2">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending && <Spinner />}
            Verder
          </Button>
          {cancel}
        </div>
      </form>
    );
  } else if (stage.kind === "scan") {
    body = (
      <form
        aria-label="Authenticator-app koppelen"
        noValidate
        className="grid gap-4 sm:max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          enable.mutate(
            { code },
            {
              onSuccess: ({ recoveryCodes }) => go({ kind: "codes", codes: recoveryCodes }),
              onError: (error) => showError(error, setErrors),
            },
          );
        }}
      >
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>
            Open je authenticator-app (bijvoorbeeld Google Authenticator, Microsoft Authenticator of
            1Password).
          </li>
          <li>Scan de QR-code, of typ de sleutel eronder over.</li>
          <li>Vul de code van 6 cijfers in die de app toont.</li>
        </ol>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(stage.setup.qrSvg)}`}
          alt="QR-code om Balans aan je authenticator-app toe te voegen"
          className="size-48 rounded-lg border border-border bg-white p-2"
        />
        <p className="text-sm">
          Sleutel:{" "}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all select-all">
            {stage.setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </p>
        {codeField("De 6 cijfers uit de app.")}
        <div className="flex gap-2">
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending && <Spinner />}
            Aanzetten
          </Button>
          {cancel}
        </div>
      </form>
    );
  } else if (stage.kind === "codes") {
    const text = stage.codes.join("\n");
    body = (
      <div className="grid gap-4">
        <p role="status" className="text-sm">
          <strong>Bewaar deze herstelcodes op een veilige plek.</strong> Ben je je telefoon kwijt, dan log je
          met een van deze codes in. Elke code werkt één keer, en je ziet ze alleen nu.
        </p>
        <ul
          aria-label="Herstelcodes"
          className="grid max-w-md grid-cols-2 gap-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-sm"
        >
          {stage.codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              // Without a secure origin the browser has no clipboard: that is a failure to say, not to skip.
              void Promise.resolve()
                .then(() => navigator.clipboard.writeText(text))
                .then(() => toast({ title: "Herstelcodes gekopieerd" }))
                .catch(() =>
                  toast({
                    variant: "destructive",
                    title: "Kopiëren lukte niet",
                    description: "Download de codes of schrijf ze over.",
                  }),
                )
            }
          >
            Kopieer
          </Button>
          <Button asChild variant="outline">
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
              download="balans-herstelcodes.txt"
            >
              Download
            </a>
          </Button>
          <Button type="button" onClick={() => go({ kind: "idle" })}>
            Ik heb ze bewaard
          </Button>
        </div>
      </div>
    );
  } else if (stage.kind === "confirm") {
    const isDisable = stage.action === "disable";
    const mutation = isDisable ? disable : renew;
    body = (
      <form
        aria-label={isDisable ? "Tweestapsverificatie uitzetten" : "Nieuwe herstelcodes"}
        noValidate
        className="grid gap-4 sm:max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          const input = { currentPassword: password, code };
          const onError = (error: unknown) => showError(error, setErrors);
          if (isDisable) {
            disable.mutate(input, {
              onSuccess: () => {
                go({ kind: "idle" });
                toast({ title: "Tweestapsverificatie staat uit" });
              },
              onError,
            });
          } else {
            renew.mutate(input, {
              onSuccess: ({ recoveryCodes }) => go({ kind: "codes", codes: recoveryCodes }),
              onError,
            });
          }
        }}
      >
        {passwordField}
        {codeField("De code uit je authenticator-app, of een herstelcode.")}
        <div className="flex gap-2">
          <Button type="submit" variant={isDisable ? "destructive" : "default"} disabled={mutation.isPending}>
            {mutation.isPending && <Spinner />}
            {isDisable ? "Uitzetten" : "Maak nieuwe codes"}
          </Button>
          {cancel}
        </div>
      </form>
    );
  } else if (isTwoFactorEnabled) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheck aria-hidden className="size-5 text-success" /> Tweestapsverificatie staat aan.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => go({ kind: "confirm", action: "renew" })}>
            Nieuwe herstelcodes
          </Button>
          <Button type="button" variant="outline" onClick={() => go({ kind: "confirm", action: "disable" })}>
            Uitzetten
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <Button type="button" className="self-start" disabled={isDemo} onClick={() => go({ kind: "password" })}>
        Tweestapsverificatie instellen
      </Button>
    );
  }

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">Tweestapsverificatie</CardTitle>
        <CardDescription>
          Naast je wachtwoord vraagt Balans bij het inloggen een code uit een authenticator-app op je
          telefoon. Zo komt niemand met alleen je wachtwoord bij je boekhouding.
          {isDemo && " Een demo-account kan dit niet instellen."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col">{body}</CardContent>
    </Card>
  );
}
