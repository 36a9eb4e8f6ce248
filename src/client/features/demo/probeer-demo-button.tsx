import { lazy, Suspense, useState } from "react";
import { buttonVariants } from "@client/components/ui/button-variants";

// The dialog, its data layer and the demo code load on the first click, so the home page stays light.
const loadDialog = () => import("./demo-dialog-with-data");
const DemoDialog = lazy(loadDialog);

/** The home page's 'Probeer Demo' button (spec §2.5), which opens the demo dialog (§2.6). */
export function ProbeerDemoButton() {
  const [open, setOpen] = useState(false);
  const [isRequested, setIsRequested] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonVariants({ variant: "outline", size: "lg" })}
        // Start fetching while the pointer is on its way, so the dialog opens without a wait.
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setIsRequested(true);
          setOpen(true);
        }}
      >
        Probeer Demo
      </button>
      {isRequested && (
        <Suspense fallback={null}>
          <DemoDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
