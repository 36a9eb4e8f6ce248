import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

interface State {
  error: Error | null;
}

/**
 * Last line of defence against a render error or a code chunk that no longer exists after a deploy:
 * a clear Dutch message and a reload, instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Onverwachte fout in de app", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen
        title="Er ging iets mis"
        description="Deze pagina kon niet worden weergegeven. Laad de pagina opnieuw; blijft het probleem, neem dan contact met ons op."
        retryLabel="Pagina opnieuw laden"
        onRetry={() => window.location.reload()}
      />
    );
  }
}
