import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation } from "wouter";
import type { z } from "zod";
import { RegisterInputSchema } from "@shared/schemas/auth";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { EmailInput } from "@client/components/ui/email-input";
import { Input } from "@client/components/ui/input";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { nextPathAfterSignIn } from "@client/lib/next-path";
import { getFirstNameOrUsername } from "@client/lib/user-display";
import { useRegister, type RegisterPayload } from "./api";
import { PasswordInput } from "./password-input";
import { forgetLeadId, storedLeadId } from "./signup-lead";

const FIELD_NAMES = [
  "username",
  "email",
  "password",
  "firstName",
  "lastName",
  "companyName",
  "acceptTerms",
] as const;

interface RegisterFormProps {
  isPasswordVisible: boolean;
  onTogglePasswordVisible: () => void;
}

export function RegisterForm({ isPasswordVisible, onTogglePasswordVisible }: RegisterFormProps) {
  const [, navigate] = useLocation();
  const registerAccount = useRegister();
  const form = useForm<z.input<typeof RegisterInputSchema>, unknown, RegisterPayload>({
    resolver: zodResolver(RegisterInputSchema),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      firstName: "",
      lastName: "",
      companyName: "",
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;

  // The resolver hands over the schema's output: trimmed, and empty optional fields are undefined, so
  // JSON.stringify leaves them out of the request.
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const user = await registerAccount.mutateAsync({ ...input, leadId: storedLeadId() });
      forgetLeadId();
      toast({
        title: "Account succesvol aangemaakt",
        description: `Welkom bij Balans, ${getFirstNameOrUsername(user)}!`,
      });
      navigate(nextPathAfterSignIn(window.location.search));
    } catch (error) {
      toastError(error, "Registratie mislukt");
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Registreren" className="flex flex-col gap-5">
      <FormField label="Gebruikersnaam" hint="Minimaal 3 karakters." error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...form.register("username")}
        />
      </FormField>
      <FormField
        label="E-mailadres"
        hint="Hiermee herstel je je wachtwoord als je het vergeet."
        error={errors.email?.message}
      >
        <EmailInput {...form.register("email")} />
      </FormField>
      <FormField label="Wachtwoord" hint="Minimaal 6 karakters." error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            isVisible={isPasswordVisible}
            onToggleVisible={onTogglePasswordVisible}
            {...form.register("password")}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Voornaam" optional error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField label="Achternaam" optional error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
      </div>
      <FormField label="Bedrijfsnaam" optional error={errors.companyName?.message}>
        <Input autoComplete="organization" {...form.register("companyName")} />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <Checkbox
          id="accept-terms"
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? "accept-terms-error" : undefined}
          label={
            <span className="leading-snug font-normal">
              Ik ga akkoord met de{" "}
              <a href="/legal/algemene-voorwaarden" target="_blank" className="text-primary underline">
                algemene voorwaarden
              </a>{" "}
              en het{" "}
              <a href="/legal/privacy" target="_blank" className="text-primary underline">
                privacybeleid
              </a>
            </span>
          }
          {...form.register("acceptTerms")}
        />
        {errors.acceptTerms && (
          <p id="accept-terms-error" className="text-[0.8125rem] font-medium text-destructive">
            {errors.acceptTerms.message}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerAccount.isPending}>
        {registerAccount.isPending && <Spinner />}
        {registerAccount.isPending ? "Account aanmaken..." : "Account aanmaken"}
      </Button>
    </form>
  );
}
