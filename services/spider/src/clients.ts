// The implementations of ports.ts: the site's settings (kit settings reader, dropped on change broadcasts)
// and the content service's import.
import { Code, ConnectError } from "@connectrpc/connect";
import type { SettingsReader } from "@wenku/kit";
import type { DocumentImporter, SpiderSettings } from "./ports.js";

export function settingsFrom(reader: SettingsReader): SpiderSettings {
  return {
    async allowedExt() {
      return (await reader.current()).security?.documentAllowedExt ?? [];
    },
    async siteUrl() {
      const domain = (await reader.current()).system?.domain ?? "";
      try {
        const url = new URL(domain.trim());
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.origin : "";
      } catch {
        return "";
      }
    },
  };
}

/** Until the content service answers imports: every publish fails with this reason (status 8). */
export const importUnavailable = "内容服务尚未提供导入接口，暂时无法发布";

export function unavailableImporter(): DocumentImporter {
  return {
    async import() {
      throw new ConnectError(importUnavailable, Code.Unimplemented);
    },
  };
}
