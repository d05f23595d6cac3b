import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQuery } from "@tanstack/react-query";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type ApiError, toApiError } from "../api/errors.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { DEFAULT_SETTINGS, normaliseSettings, type SiteSettings, type SiteSettingsInput } from "./siteSettings.js";

export const SETTINGS_STORAGE_KEY = "wenku:settings";

/** Fetches the public settings, e.g. `() => callUnaryMethod(transport, ConfigAPI.method.getSettings, {})`. */
export type SettingsLoader = () => Promise<SiteSettingsInput>;

/**
 * The cache key of the public settings: connect-query's key for ConfigAPI.GetSettings, so saving
 * the settings in the admin can refresh them with
 * `invalidateQueries({ queryKey: createConnectQueryKey({ schema: ConfigAPI, cardinality: undefined }) })`.
 */
export const SETTINGS_QUERY_KEY = createConnectQueryKey({
  schema: ConfigAPI.method.getSettings,
  input: {},
  cardinality: "finite",
});

export interface SettingsContextValue {
  settings: SiteSettings;
  /** True while a load is in flight (the cached or default settings are shown meanwhile). */
  loading: boolean;
  /** The last load failure, message per spec §8 (fallback 查询系统设置失败). */
  error: ApiError | null;
  reload: () => Promise<void>;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

function readCache(storage: KeyValueStorage | undefined): SiteSettings {
  try {
    const raw = storage?.getItem(SETTINGS_STORAGE_KEY);
    return raw ? normaliseSettings(JSON.parse(raw) as SiteSettingsInput) : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export interface SettingsProviderProps {
  /** Without a loader the cached (or default) settings are used as they are. */
  load?: SettingsLoader | undefined;
  /** Cache for the last good settings (spec §9); localStorage in the browser. */
  storage?: KeyValueStorage | undefined;
  children: ReactNode;
}

/**
 * The site settings as one cached query (read once, shared by every reader), with the copy kept in
 * storage (or the defaults) standing in until it arrives and whenever the server cannot answer.
 */
export function SettingsProvider({ load, storage, children }: SettingsProviderProps) {
  const { t } = useI18n();
  const [cached] = useState(() => readCache(storage));
  const query = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: async () => normaliseSettings(await (load as SettingsLoader)()),
    enabled: load !== undefined,
    // The settings change rarely; a page load reads them once.
    staleTime: 5 * 60_000,
  });
  const { data, error: cause, refetch, isFetching } = query;

  useEffect(() => {
    if (!data) return;
    try {
      storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(data));
    } catch {
      // A full or blocked storage only costs the cache.
    }
  }, [data, storage]);

  const fallback = t("error.settingsFailed");
  const error = useMemo(() => (cause ? toApiError(cause, fallback) : null), [cause, fallback]);
  const reload = useCallback(async () => {
    if (load) await refetch();
  }, [load, refetch]);

  const settings = data ?? cached;
  const value = useMemo(
    () => ({ settings, loading: isFetching, error, reload }),
    [settings, isFetching, error, reload],
  );
  return <SettingsContext value={value}>{children}</SettingsContext>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettings must be used inside <SettingsProvider>");
  return value;
}
