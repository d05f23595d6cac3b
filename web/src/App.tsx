import { useEffect, useMemo } from "react";
import type { DataRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { type AppDeps, AppProviders } from "./AppProviders.js";
import { LoadingBar } from "./components/LoadingBar.js";
import { bindLoadingBar, createLoadingBar } from "./components/loadingBar.js";

/** The application: providers, the navigation loading bar and the router. */
export function App({ deps, router }: { deps: AppDeps; router: DataRouter }) {
  const bar = useMemo(() => createLoadingBar(), []);
  useEffect(() => {
    const unbind = bindLoadingBar(router, bar);
    return () => {
      unbind();
      bar.dispose();
    };
  }, [router, bar]);
  return (
    <AppProviders deps={deps}>
      <LoadingBar bar={bar} />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
