import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Redirect, useLocation } from "wouter";
import type { z } from "zod";
import { LoginInputSchema, type LoginInput } from "@shared/schemas/auth";
import { OPERATOR_ROUTES } from "@shared/routes";
import { Logo } from "@client/components/layout/logo";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { OneTimeCodeInput } from "@client/components/ui/one-time-code-input";
import { PageLoader, Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toastError } from "@client/lib/toast";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { needsCode, useOperator, useOperatorCode, useOperatorLogin } from "./api";
import { NotHere } from "./not-here";

/** /beheer/inloggen: the operators' own sign-in (a customer's account is refused here like a wrong password). */
export function OperatorLoginPage() {
  useDocumentTitle("Beheer — inloggen");
  const operator = useOperator();
  const [isCodeStep, setIsCodeStep] = useState(false);
  if (operator.isPending) return <PageLoader className="min-h-dvh" />;
  if (operator.isError) return <NotHere error={operator.error} onRetry={() => void operator.refetch()} />;
  if (operator.data) return <Redirect to={OPERATOR_ROUTES.contactMessages} replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-border bg-card p-6 shadow-sm">
        <Logo />
        <h1 className="mt-6 text-xl font-semibold text-foreground">Beheer</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Inloggen voor het team van Balans. Klanten loggen in via de app.
        </p>
        {isCodeStep ? (
          <CodeForm onBack={() => setIsCodeStep(false)} />
        ) : (
          <PasswordForm onCode={() => setIsCodeStep(true)} />
        )}
      </div>
    </main>
  );
}

function PasswordForm({ onCode }: { onCode: () => void }) {
  const [, navigate] = useLocation();
  const login = useOperatorLogin();
  const form = useForm<z.input<typeof LoginInputSchema>, unknown, LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      const answer = await login.mutateAsync(credentials);
      if (needsCode(answer)) onCode();
      else navigate(OPERATOR_ROUTES.contactMessages);
    } catch (error) {
      toastError(error, "Inloggen mislukt");
      applyFieldErrors(error, ["username", "password"], form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
      <FormField label="E-mailadres" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register("username")} />
      </FormField>
      <FormField label="Wachtwoord" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        Inloggen
      </Button>
    </form>
  );
}

function CodeForm({ onBack }: { onBack: () => void }) {
  const [, navigate] = useLocation();
  const signIn = useOperatorCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError("Vul de code uit je authenticator-app in");
    try {
      await signIn.mutateAsync(code.trim());
      navigate(OPERATOR_ROUTES.contactMessages);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 flex flex-col gap-4">
      <FormField label="Code uit je authenticator-app" error={error} hint="Of een van je herstelcodes.">
        <OneTimeCodeInput value={code} onChange={(event) => setCode(event.target.value)} autoFocus />
      </FormField>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner />}
        Bevestigen
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Terug
      </Button>
    </form>
  );
}
