import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type GroupAPI, GroupPermissionsSchema, ListGroupReplySchema } from "@wenku/proto/api/v1/group_pb.js";
import { toGroup } from "../users/user.mapper.js";
import type { GroupService } from "./group.service.js";

/** Thin RPC edge of GroupAPI. */
export function createGroupHandlers(groups: GroupService): ServiceImpl<typeof GroupAPI> {
  return {
    createGroup: async (req) => toGroup(await groups.create(req)),
    async updateGroup(req) {
      await groups.update(req);
      return {};
    },
    async deleteGroup(req) {
      await groups.delete(req.id);
      return {};
    },
    getGroup: async (req) => toGroup(await groups.getOne(req)),
    async listGroup(req, ctx) {
      const { total, rows } = await groups.list(actor(ctx), req);
      return create(ListGroupReplySchema, { total: BigInt(total), group: rows.map(toGroup) });
    },
    getGroupPermission: async (req) =>
      create(GroupPermissionsSchema, { permissionId: await groups.permissionIds(req.id) }),
    async updateGroupPermission(req) {
      await groups.setPermissions(req.groupId, req.permissionId);
      return {};
    },
  };
}
