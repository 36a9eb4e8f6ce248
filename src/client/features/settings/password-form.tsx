import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PasswordChangeInputSchema, type PasswordChangeInput } from "@shared/schemas/settings";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { OneTimeCodeInput } from "@client/components/ui/one-time-code-input";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { useSessionUser } from "@client/lib/session-user";
import { toast, toastError } from "@client/lib/toast";
import { useChangePassword } from "./api";

const FIELD_NAMES = ["currentPassword", "newPassword", "confirmPassword", "twoFactorCode"] as const;
const EMPTY: PasswordChangeInput = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  twoFactorCode: "",
};

/** A new password needs the current one; afterwards every other device is signed out. */
export function PasswordForm() {
  const { isTwoFactorEnabled } = useSessionUser();
  const changePassword = useChangePassword();
  const [isVisible, setIsVisible] = useState(false);
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(PasswordChangeInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const type = isVisible ? "text" : "password";

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await changePassword.mutateAsync(input);
      form.reset(EMPTY);
      toast({
        title: "Wachtwoord gewijzigd",
        description: "Je bent op je andere apparaten uitgelogd.",
      });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Wachtwoord wijzigen</CardTitle>
        <CardDescription>
          Na het wijzigen blijf je hier ingelogd; op andere apparaten en browsers moet je opnieuw inloggen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Wachtwoord wijzigen" className="flex flex-col gap-6">
          <div className="grid gap-4 sm:max-w-md">
            <FormField label="Huidig wachtwoord" error={errors.currentPassword?.message}>
              <Input type={type} autoComplete="current-password" {...form.register("currentPassword")} />
            </FormField>
            <FormField
              label="Nieuw wachtwoord"
              hint="Minimaal 6 karakters"
              error={errors.newPassword?.message}
            >
              <Input type={type} autoComplete="new-password" {...form.register("newPassword")} />
            </FormField>
            <FormField label="Herhaal nieuw wachtwoord" error={errors.confirmPassword?.message}>
              <Input type={type} autoComplete="new-password" {...form.register("confirmPassword")} />
            </FormField>
            {isTwoFactorEnabled && (
              <FormField
                label="Verificatiecode"
                hint="De code uit je authenticator-app, of een herstelcode."
                error={errors.twoFactorCode?.message}
              >
                <OneTimeCodeInput {...form.register("twoFactorCode")} />
              </FormField>
            )}
            <Checkbox
              id="password-visible"
              label="Wachtwoorden tonen"
              checked={isVisible}
              onChange={(event) => setIsVisible(event.target.checked)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending && <Spinner />}
              Wachtwoord wijzigen
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
