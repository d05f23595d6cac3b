import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Group as GroupMsg, GroupSchema } from "@wenku/proto/api/v1/group_pb.js";
import { type Permission as PermissionMsg, PermissionSchema } from "@wenku/proto/api/v1/permission_pb.js";
import { type User as UserMsg, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import type { Group, Permission, User } from "../../gen/prisma/client.js";

const ts = (d: Date | null | undefined) => (d ? timestampFromDate(d) : undefined);

/** Public profile fields: what anyone may see of a user. */
export function toPublicUser(u: User): UserMsg {
  return create(UserSchema, {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    signature: u.signature,
    createdAt: ts(u.createdAt),
  });
}

/** Everything, for the user themself and for staff holding the permission. */
export function toFullUser(u: User & { groups?: Array<{ groupId: bigint }> }): UserMsg {
  return create(UserSchema, {
    ...toPublicUser(u),
    email: u.email ?? "",
    mobile: u.mobile ?? "",
    realname: u.realname,
    identity: u.identity,
    address: u.address,
    status: u.status,
    groupId: u.groups?.map((g) => g.groupId) ?? [],
    lastLoginIp: u.lastLoginIp,
    registerIp: u.registerIp,
    loginAt: ts(u.loginAt),
    updatedAt: ts(u.updatedAt),
  });
}

export function toPermission(p: Permission): PermissionMsg {
  return create(PermissionSchema, {
    id: p.id,
    method: p.method,
    path: p.path,
    title: p.title,
    description: p.description,
    createdAt: ts(p.createdAt),
    updatedAt: ts(p.updatedAt),
  });
}

export function toGroup(g: Group): GroupMsg {
  return create(GroupSchema, {
    id: g.id,
    title: g.title,
    color: g.color,
    isDefault: g.isDefault,
    isDisplay: g.isDisplay,
    description: g.description,
    sort: g.sort,
    enableUpload: g.enableUpload,
    enableComment: g.enableComment,
    enableCommentApproval: g.enableCommentApproval,
    enableDocumentReview: g.enableDocumentReview,
    enableArticle: g.enableArticle,
    enableArticleApproval: g.enableArticleApproval,
    createdAt: ts(g.createdAt),
    updatedAt: ts(g.updatedAt),
  });
}
