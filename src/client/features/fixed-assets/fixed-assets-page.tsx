import { useState } from "react";
import { BadgeEuro, Info, Laptop, Pencil, Trash2, Undo2 } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { kiaForYear } from "@shared/kia";
import { parseCents } from "@shared/money";
import { ASSET_STATE_LABELS, type FixedAsset } from "@shared/schemas/fixed-assets";
import { ListPage } from "@client/components/layout/list-page";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDeleteDialog } from "@client/components/ui/confirm-delete-dialog";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { Select } from "@client/components/ui/select";
import { useLinkedAction } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import { useDeleteFixedAsset, useFixedAssets, useUndoDisposal } from "./api";
import { AssetFormDialog } from "./asset-form-dialog";
import { DisposeDialog } from "./dispose-dialog";

const cents = (decimal: string | null) => parseCents(decimal ?? "0") ?? 0;
const money = (decimal: string | null) => formatEuro(cents(decimal));

/** Investeringen: the asset register with each asset's depreciation and book value, and the year's KIA. */
export function FixedAssetsPage() {
  const assets = useFixedAssets();
  // undefined: closed; null: adding; an asset: editing it.
  const [editing, setEditing] = useState<FixedAsset | null | undefined>(undefined);
  const [disposing, setDisposing] = useState<FixedAsset | undefined>();
  const [deleting, setDeleting] = useState<FixedAsset | undefined>();
  const undo = useUndoDisposal();
  const openNew = () => setEditing(null);
  useLinkedAction("nieuw", openNew);

  const undoDisposal = async (asset: FixedAsset) => {
    try {
      await undo.mutateAsync(asset.id);
      toast({ title: `${asset.name} is weer in gebruik` });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      title="Investeringen"
      description="Bedrijfsmiddelen die je meerdere jaren gebruikt. Balans boekt hun afschrijving elke maand of elk jaar vanzelf."
      addLabel="Investering toevoegen"
      onAdd={openNew}
      query={assets}
      loadingText="Investeringen laden..."
      errorTitle="De investeringen konden niet worden geladen"
      empty={{
        icon: Laptop,
        title: "Nog geen investeringen",
        description:
          "Leg hier vast wat je voor je bedrijf koopt en langer dan een jaar gebruikt, zoals een laptop, een camera of een bureau. Balans schrijft het af en laat zien of je recht hebt op kleinschaligheidsinvesteringsaftrek.",
        addLabel: "Eerste investering toevoegen",
      }}
      renderRows={(rows) => (
        <>
          <ResponsiveTable
            caption="Investeringen"
            columns={columns({
              onEdit: setEditing,
              onDispose: setDisposing,
              onUndo: (asset) => void undoDisposal(asset),
              onDelete: setDeleting,
            })}
            rows={rows}
            rowKey={(asset) => asset.id}
          />
          <KiaCard assets={rows} />
        </>
      )}
    >
      <BookingHint />
      <AssetFormDialog
        open={editing !== undefined}
        asset={editing ?? undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
      <DisposeDialog asset={disposing} onClose={() => setDisposing(undefined)} />
      <DeleteDialog asset={deleting} onClose={() => setDeleting(undefined)} />
    </ListPage>
  );
}

/** The purchase and the sale are the user's own bookings; the register books only what follows from them. */
function BookingHint() {
  return (
    <div className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        Boek de aankoop zelf, zoals altijd (bij de bank of als inkoopfactuur), op de categorie{" "}
        <strong className="font-medium text-foreground">Investeringen</strong>: die boekt op de balans (0200
        Inventaris) in plaats van op de kosten, en de btw trek je gewoon af. Verkoop je iets, boek het geld
        dan op <strong className="font-medium text-foreground">Verkoop investeringen</strong>. Hier boekt
        Balans de afschrijving en bij verkoop het boekresultaat.
      </p>
    </div>
  );
}

type Actions = {
  onEdit: (asset: FixedAsset) => void;
  onDispose: (asset: FixedAsset) => void;
  onUndo: (asset: FixedAsset) => void;
  onDelete: (asset: FixedAsset) => void;
};

function StateBadge({ asset }: { asset: FixedAsset }) {
  if (asset.state === "disposed") {
    return <Badge variant="muted">{cents(asset.disposalAmount) > 0 ? "Verkocht" : "Afgevoerd"}</Badge>;
  }
  if (asset.disposalDate) return <Badge variant="warning">Verkoop {formatDate(asset.disposalDate)}</Badge>;
  return (
    <Badge variant={asset.state === "active" ? "success" : "outline"}>
      {ASSET_STATE_LABELS[asset.state]}
    </Badge>
  );
}

/** On a phone the name, the book value and the actions stay; the rest goes under the name. */
function columns(actions: Actions): TableColumn<FixedAsset>[] {
  return [
    {
      header: "Naam",
      isMain: true,
      cell: (asset) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{asset.name}</span>
          {asset.state === "active" && (
            <span className="text-xs text-muted-foreground">
              {money(asset.monthlyDepreciation)} per maand
            </span>
          )}
        </div>
      ),
    },
    {
      header: "Aanschafdatum",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (asset) => formatDate(asset.purchaseDate),
    },
    {
      header: "Aanschafwaarde",
      from: "md",
      align: "right",
      cell: (asset) => money(asset.cost),
      folded: (asset) => `Aanschaf ${money(asset.cost)}`,
    },
    {
      header: "Afgeschreven",
      from: "md",
      align: "right",
      cell: (asset) => money(asset.depreciated),
      folded: (asset) => `Afgeschreven ${money(asset.depreciated)}`,
    },
    {
      header: "Boekwaarde",
      align: "right",
      cell: (asset) => money(asset.bookValue),
    },
    {
      header: "Status",
      from: "sm",
      cell: (asset) => <StateBadge asset={asset} />,
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-1.5",
      cell: (asset) => <AssetActions asset={asset} {...actions} />,
    },
  ];
}

function AssetActions({ asset, onEdit, onDispose, onUndo, onDelete }: Actions & { asset: FixedAsset }) {
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      {asset.disposalDate ? (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => onUndo(asset)}
          aria-label={`Verkoop van ${asset.name} ongedaan maken`}
        >
          <Undo2 aria-hidden />
        </Button>
      ) : (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onEdit(asset)}
            aria-label={`Bewerk ${asset.name}`}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onDispose(asset)}
            aria-label={`Verkoop of voer ${asset.name} af`}
          >
            <BadgeEuro aria-hidden />
          </Button>
        </>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onDelete(asset)}
        aria-label={`Verwijder ${asset.name}`}
        className="text-destructive hover:bg-red-50 hover:text-destructive"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** The kleinschaligheidsinvesteringsaftrek of a year, from the register (shared/kia.ts). */
function KiaCard({ assets }: { assets: readonly FixedAsset[] }) {
  const thisYear = Number(businessDate(new Date()).slice(0, 4));
  const years = [
    ...new Set([thisYear, ...assets.map((asset) => Number(asset.purchaseDate.slice(0, 4)))]),
  ].sort((a, b) => b - a);
  const [year, setYear] = useState(thisYear);
  const kia = kiaForYear(
    assets.map((asset) => ({ purchaseDate: asset.purchaseDate, costCents: cents(asset.cost) })),
    year,
  );
  const { table } = kia;
  const reason =
    kia.qualifyingTotalCents <= table.thresholdCents
      ? `Je hebt recht op KIA vanaf ${formatEuro(table.thresholdCents + 100)} aan investeringen in een jaar.`
      : `Boven ${formatEuro(table.ceilingCents)} aan investeringen in een jaar is er geen KIA.`;

  return (
    <Card role="region" aria-label="Kleinschaligheidsinvesteringsaftrek">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Kleinschaligheidsinvesteringsaftrek (KIA)</CardTitle>
          <CardDescription>
            Een extra aftrek van je winst voor de investeringen van een jaar in bedrijfsmiddelen van minstens{" "}
            {formatEuro(table.minimumAssetCents)} per stuk.
          </CardDescription>
        </div>
        <Select
          className="w-full sm:w-32"
          aria-label="Jaar"
          value={String(year)}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-muted-foreground">Investeringen in {year} die meetellen</dt>
            <dd className="text-lg font-semibold tabular-nums text-foreground">
              {formatEuro(kia.qualifyingTotalCents)}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {kia.qualifyingCount === 1 ? "1 bedrijfsmiddel" : `${kia.qualifyingCount} bedrijfsmiddelen`}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-muted-foreground">KIA over {year}</dt>
            <dd className="text-lg font-semibold tabular-nums text-foreground">
              {kia.isApplicable ? formatEuro(kia.deductionCents) : "Geen KIA"}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {kia.isApplicable ? "Trek je af van je winst in de aangifte inkomstenbelasting." : reason}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          Bedragen van de Belastingdienst voor {table.year}
          {table.year !== year ? ` (die van ${year} zijn er nog niet)` : ""}. Personenauto&apos;s, grond en
          woningen tellen niet mee. Verkoop je een bedrijfsmiddel binnen vijf jaar, dan kan een
          desinvesteringsbijtelling volgen.
        </p>
      </CardContent>
    </Card>
  );
}

function DeleteDialog({ asset, onClose }: { asset: FixedAsset | undefined; onClose: () => void }) {
  const remove = useDeleteFixedAsset();
  return (
    <ConfirmDeleteDialog
      record={asset}
      onClose={onClose}
      title="Investering verwijderen?"
      describe={(record) => (
        <>
          <strong className="text-foreground">{record.name}</strong> en de afschrijvingen ervan verdwijnen uit
          de boekhouding. De boeking van de aankoop blijft staan.
        </>
      )}
      onDelete={remove.mutateAsync}
      isDeleting={remove.isPending}
      deletedTitle="Investering verwijderd"
    />
  );
}
