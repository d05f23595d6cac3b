import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";

/** Recharge settings change rarely: one answer serves every entry point for a while. */
const STALE_MS = 5 * 60_000;

/**
 * GetRechargeSettings (public, cached): whether recharge is on, its tiers' text, the credit name
 * (the recharge settings' own, else the site's) and credits per currency unit.
 */
export function useRechargeSettings() {
  const { t } = useI18n();
  const { creditName } = useSiteName();
  const query = useApiQuery(ConfigAPI.method.getRechargeSettings, {}, t("recharge.disabled"), {
    staleTime: STALE_MS,
  });
  return {
    ...query,
    enabled: query.data?.enable === true,
    creditName: query.data?.creditName || creditName,
  };
}
