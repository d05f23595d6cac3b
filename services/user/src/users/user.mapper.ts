import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { textParams } from "@wenku/kit";
import { type Group as GroupMsg, GroupSchema } from "@wenku/proto/api/v1/group_pb.js";
import { type Permission as PermissionMsg, PermissionSchema } from "@wenku/proto/api/v1/permission_pb.js";
import { type Punishment as PunishmentMsg, PunishmentSchema } from "@wenku/proto/api/v1/punishment_pb.js";
import {
  type Dynamic as DynamicMsg,
  DynamicSchema,
  type User as UserMsg,
  UserSchema,
} from "@wenku/proto/api/v1/user_pb.js";
import type { Dynamic, Group, Permission, Punishment, User } from "../../gen/prisma/client.js";
import { isVipAt, shownAvatar } from "./user.rules.js";

const ts = (d: Date | null | undefined) => (d ? timestampFromDate(d) : undefined);

/** Public profile fields: what anyone may see of a user. */
export function toPublicUser(u: User): UserMsg {
  return create(UserSchema, {
    id: u.id,
    username: u.username,
    avatar: shownAvatar(u.avatar),
    signature: u.signature,
    isVip: isVipAt(u.vipExpiredAt, new Date()),
    createdAt: ts(u.createdAt),
  });
}

/**
 * Everything, for the user themself and for staff holding the permission; the staff note (remark)
 * only with `withRemark` (callers holding the RPC's permission).
 */
export function toFullUser(u: User & { groups?: Array<{ groupId: bigint }> }, withRemark = false): UserMsg {
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
    vipExpiredAt: ts(u.vipExpiredAt),
    updatedAt: ts(u.updatedAt),
    remark: withRemark ? u.remark : "",
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

export function toGroup(g: Group & { _count?: { users: number } }): GroupMsg {
  return create(GroupSchema, {
    id: g.id,
    userCount: g._count?.users ?? 0,
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

export function toPunishment(p: Punishment & { user?: { username: string } }): PunishmentMsg {
  return create(PunishmentSchema, {
    id: p.id,
    userId: p.userId,
    type: p.type,
    enable: p.enable,
    operators: p.operators,
    remark: p.remark,
    reason: p.reason,
    startTime: ts(p.startTime),
    endTime: ts(p.endTime),
    username: p.user?.username ?? "",
    createdAt: ts(p.createdAt),
    updatedAt: ts(p.updatedAt),
  });
}

export function toDynamic(d: Dynamic & { user?: { username: string } }): DynamicMsg {
  return create(DynamicSchema, {
    id: d.id,
    userId: d.userId,
    content: d.content,
    params: textParams(d.params),
    type: d.type,
    username: d.user?.username ?? "",
    createdAt: ts(d.createdAt),
    updatedAt: ts(d.updatedAt),
  });
}
