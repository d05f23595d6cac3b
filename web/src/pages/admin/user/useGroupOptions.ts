import { useQuery } from "@connectrpc/connect-query";
import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { useMemo } from "react";

/** Every group, for pickers and for showing a user's group names. */
export function useGroups(): { groups: Group[]; byId: Map<string, Group> } {
  const { data } = useQuery(GroupAPI.method.listGroup, { page: 1n, size: 1000n });
  return useMemo(() => {
    const groups = data?.group ?? [];
    return { groups, byId: new Map(groups.map((g) => [String(g.id), g])) };
  }, [data]);
}
