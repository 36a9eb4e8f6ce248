/**
 * The app's browser entry (sign-in and everything under /app), on React. The public site has its own entry
 * (public-main.tsx); a public page reached from inside the app is rendered here, by the same components.
 */
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { AppLoading } from "./components/layout/app-loading";
import { setUpPage } from "./page-setup";

const SignedInArea = lazy(async () => ({ default: (await import("./routes")).AppRoutes }));

createRoot(setUpPage()).render(
  <StrictMode>
    <App
      signedInArea={
        <Suspense fallback={<AppLoading />}>
          <SignedInArea />
        </Suspense>
      }
    />
  </StrictMode>,
);
