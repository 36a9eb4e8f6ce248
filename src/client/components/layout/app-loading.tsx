/** 'Laden...' while the signed-in area's code loads; shown only when that takes long enough to notice. */
export function AppLoading() {
  return (
    <div
      role="status"
      className="flex min-h-dvh animate-appear-delayed items-center justify-center text-muted-foreground"
    >
      Laden...
    </div>
  );
}
