import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ProfileInputSchema, type ProfileFormInput, type ProfileInput } from "@shared/schemas/settings";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { EmailInput } from "@client/components/ui/email-input";
import { Input } from "@client/components/ui/input";
import { OneTimeCodeInput } from "@client/components/ui/one-time-code-input";
import { Spinner } from "@client/components/ui/spinner";
import { applyFieldErrors } from "@client/lib/form-errors";
import { useSessionUser } from "@client/lib/session-user";
import { toast, toastError } from "@client/lib/toast";
import { useUpdateProfile } from "./api";

const FIELD_NAMES = ["firstName", "lastName", "email", "twoFactorCode"] as const;

/** Name and e-mail address of the account; the username is fixed (it signs the user in). */
export function ProfileForm() {
  const user = useSessionUser();
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInputSchema),
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email ?? "",
    },
  });
  const { errors } = form.formState;
  // Moving the recovery address asks for the second factor too.
  const email = form.watch("email")?.trim().toLowerCase() ?? "";
  const asksCode = user.isTwoFactorEnabled && email !== "" && email !== (user.email ?? "");

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await updateProfile.mutateAsync(input);
      form.reset({
        firstName: saved.firstName ?? "",
        lastName: saved.lastName ?? "",
        email: saved.email ?? "",
        twoFactorCode: "",
      });
      toast(
        saved.email && !saved.isEmailVerified
          ? {
              title: "Profiel opgeslagen",
              description: `We hebben een bevestigingslink gestuurd naar ${saved.email}.`,
            }
          : { title: "Profiel opgeslagen" },
      );
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profiel</CardTitle>
        <CardDescription>
          Je gebruikersnaam is <strong className="font-medium text-foreground">{user.username}</strong>;
          daarmee log je in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Profiel" className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Voornaam" optional error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register("firstName")} />
            </FormField>
            <FormField label="Achternaam" optional error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register("lastName")} />
            </FormField>
            <FormField label="E-mailadres" optional error={errors.email?.message} className="sm:col-span-2">
              <EmailInput {...form.register("email")} />
            </FormField>
            {asksCode && (
              <FormField
                label="Verificatiecode"
                hint="Een nieuw e-mailadres vraagt de code uit je authenticator-app, of een herstelcode."
                error={errors.twoFactorCode?.message}
                className="sm:col-span-2 sm:max-w-xs"
              >
                <OneTimeCodeInput {...form.register("twoFactorCode")} />
              </FormField>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={updateProfile.isPending}>
              {updateProfile.isPending && <Spinner />}
              Profiel opslaan
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
