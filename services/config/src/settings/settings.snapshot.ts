// GetSettings from memory: the config rows, the enabled languages and the VIP cards on sale built once
// into the two answers (the services' and everyone else's) and kept until the settings change. Every
// change reaches the settings reader of this process: a save here drops it directly, a save in another
// replica of the config service, a language change in the content service (the settings list the
// enabled languages) and a VIP card written in the order service (settings.vip shows the cards on
// sale) through the CONFIG_CHANGED_SUBJECT broadcast. The next call builds the answers again.
import type { Settings, SettingsLanguage } from "@wenku/proto/api/v1/config_pb.js";
import type { VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import { publicSettings, toSettings } from "./settings.mapper.js";
import type { ConfigValues } from "./values.js";

/** The answers are built again after this long even without a change (one whose broadcast got lost). */
export const SETTINGS_SNAPSHOT_TTL_MS = 60_000;

export interface SettingsSnapshotDeps {
  values: () => Promise<ConfigValues>;
  /** The enabled languages; null when the content service could not answer (the cause logged there). */
  languages: () => Promise<SettingsLanguage[] | null>;
  /** The VIP cards on sale; null when the order service could not answer (the cause logged there). */
  vipCards: () => Promise<VipCard[] | null>;
  /** Program version shown in the settings. */
  version: string;
  /** Reports every settings change, made here or elsewhere (the settings reader of this process). */
  changes: { onChange(listener: () => void): unknown };
  ttlMs?: number;
  now?: () => number;
}

export interface SettingsSnapshot {
  /** The settings as the services see them (with the throttles they enforce). */
  full(): Promise<Settings>;
  /** The settings as everyone else sees them (publicSettings). */
  public(): Promise<Settings>;
}

interface Built {
  full: Settings;
  public: Settings;
  /** False when the languages or the cards could not be read: answered once, never kept. */
  complete: boolean;
}

/**
 * Callers arriving while the answers are built share that build. A build a change overtook answers
 * its callers but is not kept (it may have read the rows before the change); a failed one, or one
 * without the languages or the cards (the content or order service down or still starting), is not
 * kept either. The messages are shared by every caller: nobody may modify them.
 */
export function createSettingsSnapshot(deps: SettingsSnapshotDeps): SettingsSnapshot {
  const ttl = deps.ttlMs ?? SETTINGS_SNAPSHOT_TTL_MS;
  const now = deps.now ?? Date.now;
  let kept: { at: number; built: Promise<Built> } | undefined;
  deps.changes.onChange(() => {
    kept = undefined;
  });

  async function build(): Promise<Built> {
    const [values, languages, cards] = await Promise.all([deps.values(), deps.languages(), deps.vipCards()]);
    const full = toSettings(values, languages ?? [], deps.version, cards ?? []);
    return { full, public: publicSettings(full), complete: languages !== null && cards !== null };
  }

  function current(): Promise<Built> {
    if (kept && now() - kept.at < ttl) return kept.built;
    const entry = { at: now(), built: build() };
    kept = entry;
    const forget = () => {
      if (kept === entry) kept = undefined;
    };
    entry.built.then((b) => b.complete || forget(), forget);
    return entry.built;
  }

  return {
    full: async () => (await current()).full,
    public: async () => (await current()).public,
  };
}
