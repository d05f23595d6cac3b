import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { ListPermissionReplySchema, type PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { toPermission } from "../users/user.mapper.js";
import type { PermissionService } from "./permission.service.js";

/** Thin RPC edge of PermissionAPI. */
export function createPermissionHandlers(permissions: PermissionService): ServiceImpl<typeof PermissionAPI> {
  return {
    async updatePermission(req) {
      await permissions.update(req);
      return {};
    },
    getPermission: async (req) => toPermission(await permissions.get(req.id)),
    async listPermission(req) {
      const { total, rows } = await permissions.list(req);
      return create(ListPermissionReplySchema, { total: BigInt(total), permission: rows.map(toPermission) });
    },
  };
}
