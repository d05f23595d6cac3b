import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  GetUserPermissionsReplySchema,
  ListUserGroupReplySchema,
  LoginReplySchema,
  type UserAPI,
} from "@wenku/proto/api/v1/user_pb.js";
import { toFullUser, toGroup, toPermission, toPublicUser } from "./user.mapper.js";
import type { UserService } from "./user.service.js";

/** Thin RPC edge of UserAPI. RPCs of slices not built yet are absent and answer Unimplemented. */
export function createUserHandlers(users: UserService): Partial<ServiceImpl<typeof UserAPI>> {
  return {
    async register(req, ctx) {
      const { user, session } = await users.register(actor(ctx), req);
      return create(LoginReplySchema, { token: session.token, user: toFullUser(user) });
    },
    async login(req, ctx) {
      const { user, session } = await users.login(actor(ctx), req);
      return create(LoginReplySchema, { token: session.token, user: toFullUser(user) });
    },
    async logout(_req, ctx) {
      await users.logout(actor(ctx));
      return {};
    },
    async getUser(req, ctx) {
      const { user, full } = await users.getUser(actor(ctx), req.id);
      return full ? toFullUser(user) : toPublicUser(user);
    },
    async getUserPermissions(_req, ctx) {
      const rows = await users.permissionsOf(actor(ctx));
      return create(GetUserPermissionsReplySchema, { permission: rows.map(toPermission) });
    },
    async listUserGroup(_req, ctx) {
      const rows = await users.groupsOf(actor(ctx));
      return create(ListUserGroupReplySchema, { group: rows.map(toGroup) });
    },
  };
}
