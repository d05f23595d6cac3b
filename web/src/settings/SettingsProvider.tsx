import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { type ApiError, toApiError } from "../api/errors.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { DEFAULT_SETTINGS, normaliseSettings, type SiteSettings, type SiteSettingsInput } from "./siteSettings.js";

export const SETTINGS_STORAGE_KEY = "wenku:settings";

/** Fetches the public settings, e.g. `() => createClient(ConfigAPI, transport).getSettings({})`. */
export type SettingsLoader = () => Promise<SiteSettingsInput>;

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

/** Loads the site settings once on mount (and on `reload()`), serving the cached copy meanwhile. */
export function SettingsProvider({ load, storage, children }: SettingsProviderProps) {
  const { t } = useI18n();
  const [settings, setSettings] = useState(() => readCache(storage));
  const [loading, setLoading] = useState(load !== undefined);
  const [error, setError] = useState<ApiError | null>(null);
  // Latest loader and fallback text without re-running the mount effect when they change identity.
  const latest = useRef({ load, storage, fallback: t("error.settingsFailed") });
  useEffect(() => {
    latest.current = { load, storage, fallback: t("error.settingsFailed") };
  });

  const reload = useCallback(async () => {
    const { load: loader, storage: cache, fallback } = latest.current;
    if (!loader) return;
    setLoading(true);
    try {
      const next = normaliseSettings(await loader());
      setSettings(next);
      setError(null);
      try {
        cache?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // A full or blocked storage only costs the cache.
      }
    } catch (cause) {
      setError(toApiError(cause, fallback));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo(() => ({ settings, loading, error, reload }), [settings, loading, error, reload]);
  return <SettingsContext value={value}>{children}</SettingsContext>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettings must be used inside <SettingsProvider>");
  return value;
}
