import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation } from "wouter";
import type { z } from "zod";
import { LoginInputSchema, type LoginInput, type User } from "@shared/schemas/auth";
import { Button } from "@client/components/ui/button";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { nextPathAfterSignIn } from "@client/lib/next-path";
import { getFirstNameOrUsername } from "@client/lib/user-display";
import { needsCode, useLogin } from "./api";
import { PasswordInput } from "./password-input";
import { TwoFactorStep } from "./two-factor-step";

const FIELD_NAMES = ["username", "password"] as const;

interface LoginFormProps {
  isPasswordVisible: boolean;
  onTogglePasswordVisible: () => void;
}

export function LoginForm({ isPasswordVisible, onTogglePasswordVisible }: LoginFormProps) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const form = useForm<z.input<typeof LoginInputSchema>, unknown, LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;

  const [isCodeStep, setIsCodeStep] = useState(false);
  const signedIn = (user: User) => {
    toast({ title: "Succesvol ingelogd", description: `Welkom terug, ${getFirstNameOrUsername(user)}!` });
    navigate(nextPathAfterSignIn(window.location.search));
  };

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      const answer = await login.mutateAsync(credentials);
      if (needsCode(answer)) setIsCodeStep(true);
      else signedIn(answer);
    } catch (error) {
      toastError(error, "Inloggen mislukt");
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  if (isCodeStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onBack={() => {
          form.setValue("password", "");
          setIsCodeStep(false);
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Inloggen" className="flex flex-col gap-5">
      <FormField label="Gebruikersnaam of e-mailadres" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...form.register("username")}
        />
      </FormField>
      <FormField label="Wachtwoord" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            isVisible={isPasswordVisible}
            onToggleVisible={onTogglePasswordVisible}
            {...form.register("password")}
          />
        )}
      </FormField>
      <Link
        href="/wachtwoord-vergeten"
        className="-mt-2 self-end rounded text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
      >
        Wachtwoord vergeten?
      </Link>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {login.isPending ? "Inloggen..." : "Inloggen"}
      </Button>
    </form>
  );
}
