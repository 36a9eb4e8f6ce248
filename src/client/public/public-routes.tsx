/**
 * The public site's router: the layout stays mounted while pages change; each page's code loads lazily with
 * 'Laden...' (spec §2.1). Prerendered pages are hydrated in place while their code arrives.
 */
import { lazy, Suspense, useContext, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { NotFound } from "@client/components/layout/not-found";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { PUBLIC_PAGES, type PageParams, type PublicPageModule, type PublicPageProps } from "./public-pages";
import { PublicLayout } from "./public-layout";
import { SsrPageContext } from "./ssr-context";

const ROUTES = PUBLIC_PAGES.map((entry) => ({
  path: entry.path,
  Page: lazy(async () => {
    const module = await entry.load();
    return {
      default: (({ params }) => <PageWithMeta module={module} params={params} />) as ComponentType<{
        params: PageParams;
      }>,
    };
  }),
}));

function PageWithMeta({ module, params }: { module: PublicPageModule; params: PageParams }) {
  const meta = module.getMeta(params);
  const ssr = useContext(SsrPageContext);
  if (!meta) return <PublicNotFound />;
  if (ssr) ssr.meta = meta;
  return <TitledPage module={module} params={params} meta={meta} />;
}

function TitledPage({ module, ...props }: { module: PublicPageModule } & PublicPageProps) {
  useDocumentTitle(props.meta.title);
  const { Page } = module;
  return <Page {...props} />;
}

export function PublicNotFound() {
  const ssr = useContext(SsrPageContext);
  if (ssr) ssr.status = 404;
  return <NotFound />;
}

/** 'Laden...' while a page's code loads; shown only when that takes long enough to notice. */
function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] animate-appear-delayed items-center justify-center text-muted-foreground"
    >
      Laden...
    </div>
  );
}

export function PublicRoutes() {
  return (
    <PublicLayout>
      <Switch>
        {ROUTES.map(({ path, Page }) => (
          <Route key={path} path={path}>
            {(params: PageParams) => (
              <Suspense fallback={<PageLoading />}>
                <Page params={params} />
              </Suspense>
            )}
          </Route>
        ))}
        <Route>
          {/* Inside a boundary like every page, so a 404 page hydrates onto the same structure. */}
          <Suspense fallback={<PageLoading />}>
            <PublicNotFound />
          </Suspense>
        </Route>
      </Switch>
    </PublicLayout>
  );
}
