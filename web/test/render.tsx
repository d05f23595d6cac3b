import { type ConnectRouter, createRouterTransport } from "@connectrpc/connect";
import { type RenderResult, render } from "@testing-library/react";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { type AppDeps, AppProviders } from "../src/AppProviders.js";
import { createLanguageStore, LANG_STORAGE_KEY, type Lang } from "../src/i18n/language.js";
import { routes as appRoutes, patchRoutesOnNavigation } from "../src/router/routes.js";
import type { SettingsLoader } from "../src/settings/SettingsProvider.js";
import { createSessionStore } from "../src/store/session.js";
import { memoryStorage } from "./memoryStorage.js";

/** The services a test page talks to; by default an empty navigation list. */
export function emptyServices(router: ConnectRouter): void {
  router.service(NavigationAPI, { listNavigation: () => ({ total: 0n, navigation: [] }) });
}

export interface TestDepsOptions {
  lang?: Lang;
  storage?: Storage;
  services?: (router: ConnectRouter) => void;
  loadSettings?: SettingsLoader;
}

/** Fresh app dependencies: an in-memory storage and an in-process Connect router (no network). */
export function testDeps(options: TestDepsOptions = {}): AppDeps & { storage: Storage } {
  const storage = options.storage ?? memoryStorage();
  if (options.lang) storage.setItem(LANG_STORAGE_KEY, options.lang);
  return {
    storage,
    languageStore: createLanguageStore(storage),
    sessionStore: createSessionStore(storage),
    transport: createRouterTransport(options.services ?? emptyServices),
    settingsStorage: storage,
    loadSettings: options.loadSettings,
  };
}

/** Renders routes in a memory router inside every app provider (the app's routes with their back office). */
export function renderRoutes(
  routes: RouteObject[],
  options: { path?: string; deps?: AppDeps } = {},
): RenderResult & { deps: AppDeps } {
  const deps = options.deps ?? testDeps();
  const initialEntries = [options.path ?? "/"];
  const router = createMemoryRouter(
    routes,
    routes === appRoutes ? { initialEntries, patchRoutesOnNavigation } : { initialEntries },
  );
  return { deps, ...render(<AppProviders deps={deps}>{<RouterProvider router={router} />}</AppProviders>) };
}

export function renderWithProviders(ui: ReactNode, deps: AppDeps = testDeps()): RenderResult {
  return renderRoutes([{ path: "*", element: ui }], { deps });
}
