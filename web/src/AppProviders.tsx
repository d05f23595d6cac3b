import type { Transport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./api/queryClient.js";
import { LazyAntdApp } from "./components/feedback/LazyAntdApp.js";
import { I18nProvider, useI18n } from "./i18n/I18nProvider.js";
import { type LanguageStore, languagePack } from "./i18n/language.js";
import { type SettingsLoader, SettingsProvider } from "./settings/SettingsProvider.js";
import { SessionProvider } from "./store/SessionProvider.js";
import type { SessionStore } from "./store/session.js";

/** antd's own texts (pagination, pickers, empty states…) follow the UI language. */
function AntdConfig({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  return (
    <ConfigProvider locale={languagePack(lang).antdLocale} theme={{ token: { colorPrimary: "#1677ff" } }}>
      <LazyAntdApp>{children}</LazyAntdApp>
    </ConfigProvider>
  );
}

export interface AppDeps {
  languageStore: LanguageStore;
  sessionStore: SessionStore;
  transport: Transport;
  /** The server-state cache; a fresh one per AppProviders when unset (tests). */
  queryClient?: QueryClient | undefined;
  /** Loads the public site settings; without it the cached or default settings are used. */
  loadSettings?: SettingsLoader | undefined;
  settingsStorage?: Pick<Storage, "getItem" | "setItem"> | undefined;
}

/** Every app-wide context, outermost first. Tests wrap components in this too. */
export function AppProviders({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  const [queryClient] = useState(() => deps.queryClient ?? createQueryClient());
  return (
    <I18nProvider store={deps.languageStore}>
      <SessionProvider store={deps.sessionStore}>
        <TransportProvider transport={deps.transport}>
          <QueryClientProvider client={queryClient}>
            <SettingsProvider load={deps.loadSettings} storage={deps.settingsStorage}>
              <AntdConfig>{children}</AntdConfig>
            </SettingsProvider>
          </QueryClientProvider>
        </TransportProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
