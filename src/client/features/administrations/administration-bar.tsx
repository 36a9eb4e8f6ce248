/**
 * Which administration is open, above every screen, for someone with access to more than their own: a member
 * sees whose books they are in and switches back (or to another) here.
 */
import { Building2 } from "lucide-react";
import { MEMBER_ROLE_LABELS } from "@shared/schemas/administrations";
import { Select } from "@client/components/ui/select";
import { toast, toastError } from "@client/lib/toast";
import { useLocation } from "wouter";
import { useAdministrations, useSwitchAdministration } from "./api";

export function AdministrationBar() {
  const administrations = useAdministrations();
  const switchTo = useSwitchAdministration();
  const [, navigate] = useLocation();
  const list = administrations.data ?? [];
  if (list.length < 2) return null;
  const active = list.find((item) => item.isActive) ?? list[0]!;

  const onChange = async (ownerId: string) => {
    try {
      const next = await switchTo.mutateAsync(ownerId);
      const opened = next.find((item) => item.isActive);
      toast({
        title: "Administratie gewisseld",
        description: opened ? `Je werkt nu in ${opened.name}.` : undefined,
      });
      navigate("/app/dashboard");
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section
      aria-label="Administratie"
      data-testid="administration-bar"
      className={
        active.role
          ? "mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          : "mb-6 flex flex-col gap-3 rounded-lg border border-border bg-card p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      }
    >
      <p className="flex min-w-0 items-center gap-2 text-foreground">
        <Building2 aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 break-words">
          {active.role
            ? `Je werkt in de administratie van ${active.name} (${MEMBER_ROLE_LABELS[active.role]})`
            : `Je eigen administratie: ${active.name}`}
        </span>
      </p>
      <Select
        aria-label="Administratie kiezen"
        value={active.ownerId}
        disabled={switchTo.isPending}
        onChange={(event) => void onChange(event.target.value)}
        className="w-full sm:w-72"
      >
        {list.map((item) => (
          <option key={item.ownerId} value={item.ownerId}>
            {item.role
              ? `${item.name} (${MEMBER_ROLE_LABELS[item.role]})`
              : `${item.name} (eigen administratie)`}
          </option>
        ))}
      </Select>
    </section>
  );
}
