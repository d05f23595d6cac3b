import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { useCallback } from "react";
import { useClient } from "../../../api/client.js";
import { useRemote } from "../../../components/admin/remote.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** Every group, for pickers and for showing a user's group names. */
export function useGroups(): { groups: Group[]; byId: Map<string, Group> } {
  const { t } = useI18n();
  const client = useClient(GroupAPI);
  const load = useCallback(
    (signal: AbortSignal) => client.listGroup({ page: 1n, size: 1000n }, { signal }).then((r) => r.group),
    [client],
  );
  const { data } = useRemote(load, t("adm.common.loadFailed"));
  const groups = data ?? [];
  return { groups, byId: new Map(groups.map((g) => [String(g.id), g])) };
}
