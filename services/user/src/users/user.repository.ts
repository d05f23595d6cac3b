import { countPerDay } from "@wenku/kit";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { normalEmail, usernameSkeletons } from "./user.rules.js";

/** The columns an account list sorts on. */
export type UserSortColumn = "id" | "username" | "createdAt" | "updatedAt" | "loginAt";

/** One sort column; every column but `id` is followed by newest first. */
export interface UserSort {
  column: UserSortColumn;
  dir: "asc" | "desc";
}

export interface UserListFilter {
  ids: bigint[];
  groupIds: bigint[];
  statuses: number[];
  wd: string;
  sort: UserSort;
  skip: number;
  take: number;
}

function orderOf({ column, dir }: UserSort): Prisma.UserOrderByWithRelationInput[] {
  return column === "id" ? [{ id: dir }] : [{ [column]: dir }, { id: "desc" }];
}

export interface UserFields {
  username?: string;
  email?: string | null;
  mobile?: string | null;
  realname?: string;
  avatar?: string;
  identity?: string;
  address?: string;
  signature?: string;
  remark?: string;
  status?: number;
  /** Set with a proof the address or number reaches its owner; cleared (false) when either changes. */
  emailVerified?: boolean;
  mobileVerified?: boolean;
}

const withGroups = { groups: { select: { groupId: true } } } as const;

/** A change would leave no member in any super-admin group. */
export class LastAdminError extends Error {}

type Runner = Pick<Db, "$queryRaw">;

/** Distinct members of the groups holding every permission, not counting `except`. */
export async function countAdmins(db: Runner, except: bigint[]): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(DISTINCT ug.user_id) AS n FROM user_groups ug
    WHERE ug.user_id <> ALL(${except.map(String)}::bigint[])
      AND ug.group_id IN (SELECT group_id FROM group_permissions GROUP BY group_id
                          HAVING count(*) = (SELECT count(*) FROM permissions))`;
  return Number(rows[0]?.n ?? 0);
}

/** The only module that touches Prisma for users, their groups and sessions (and the start-up backfill,
 * username.backfill.ts). */
export function createUserRepository(db: Db) {
  return {
    byId: (id: bigint) => db.user.findUnique({ where: { id }, include: withGroups }),
    /** The account with this e-mail address, in whatever case it was typed (addresses are stored lower-case). */
    byEmail: (email: string) => db.user.findUnique({ where: { email: normalEmail(email) } }),
    /** Exactly this username (no lookalikes): the operator's password reset. */
    byUsername: (username: string) => db.user.findUnique({ where: { username } }),

    count: () => db.user.count(),
    /** Users registered per local day (the dashboard's trend). */
    registeredPerDay: (days: number, timeZone: string) =>
      countPerDay(db, { table: "users", column: "created_at" }, days, timeZone),

    /** When the user's VIP ends (null: never VIP, or no such user). */
    vipExpiry: async (id: bigint) =>
      (await db.user.findUnique({ where: { id }, select: { vipExpiredAt: true } }))?.vipExpiredAt ?? null,

    /** Sets when the user's VIP ends in one statement: never earlier than stored unless `force`. */
    async setVipExpiry(id: bigint, at: Date, force: boolean) {
      const rows = await db.$queryRaw<{ vip_expired_at: Date | null }[]>`
        UPDATE users SET vip_expired_at = CASE WHEN ${force} THEN ${at}::timestamptz
                                          ELSE GREATEST(vip_expired_at, ${at}::timestamptz) END
        WHERE id = ${id} RETURNING vip_expired_at`;
      const row = rows[0];
      return row ? { expiredAt: row.vip_expired_at } : undefined;
    },

    /** Public fields of the users among `ids` that exist (other services show uploaders, authors …). */
    briefs: (ids: bigint[]) =>
      db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true, avatar: true } }),

    /** The account holding this mobile number, if any. */
    byMobile: (mobile: string) => db.user.findUnique({ where: { mobile } }),

    /**
     * Login accepts a username or a mobile number exactly as stored, or an e-mail address in any case;
     * failing that, the one account whose name looks like what was typed (ADMIN or admіn for admin:
     * usernameSkeleton).
     */
    byLogin: async (login: string) =>
      (await db.user.findFirst({
        where: { OR: [{ username: login }, { email: normalEmail(login) }, { mobile: login }] },
      })) ?? (await db.user.findUnique({ where: { usernameSkeleton: usernameSkeletons(login).usernameSkeleton } })),

    /** Which of the given unique values another account already holds (a username: or one like it). */
    async taken(given: { username?: string; email?: string | null; mobile?: string | null }, exceptId = 0n) {
      const v = { ...given, email: given.email ? normalEmail(given.email) : given.email };
      const or: Prisma.UserWhereInput[] = [];
      const like = v.username ? usernameSkeletons(v.username) : undefined;
      if (v.username && like)
        or.push(
          { username: v.username },
          { usernameSkeleton: like.usernameSkeleton },
          { usernameSkeletonCased: like.usernameSkeletonCased },
        );
      if (v.email) or.push({ email: v.email });
      if (v.mobile) or.push({ mobile: v.mobile });
      if (!or.length) return { username: false, email: false, mobile: false };
      const rows = await db.user.findMany({
        where: { OR: or, NOT: { id: exceptId } },
        select: { username: true, usernameSkeleton: true, usernameSkeletonCased: true, email: true, mobile: true },
      });
      return {
        username:
          !!v.username &&
          rows.some(
            (r) =>
              r.username === v.username ||
              r.usernameSkeleton === like?.usernameSkeleton ||
              r.usernameSkeletonCased === like?.usernameSkeletonCased,
          ),
        email: !!v.email && rows.some((r) => r.email === v.email),
        mobile: !!v.mobile && rows.some((r) => r.mobile === v.mobile),
      };
    },

    /** Creates the user in `groupIds` (default groups when undefined), in one transaction. */
    async create(data: {
      username: string;
      passwordHash: string;
      email?: string | null;
      mobile?: string | null;
      /** The address or number was proven by a code (or the provider that created the account). */
      emailVerified?: boolean;
      mobileVerified?: boolean;
      registerIp: string;
      groupIds?: bigint[];
      /** More writes of the new account's transaction (the register bonus owed). */
      inTransaction?: (tx: Prisma.TransactionClient, userId: bigint) => Promise<void>;
    }) {
      return db.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: {
            username: data.username,
            ...usernameSkeletons(data.username),
            password: data.passwordHash,
            email: data.email ? normalEmail(data.email) : null,
            mobile: data.mobile || null,
            emailVerified: !!data.email && !!data.emailVerified,
            mobileVerified: !!data.mobile && !!data.mobileVerified,
            registerIp: data.registerIp,
          },
        });
        const groupIds =
          data.groupIds ??
          (await tx.group.findMany({ where: { isDefault: true }, select: { id: true } })).map((g) => g.id);
        if (groupIds.length) {
          await tx.userGroup.createMany({ data: groupIds.map((groupId) => ({ userId: user.id, groupId })) });
        }
        await data.inTransaction?.(tx, user.id);
        return user;
      });
    },

    /**
     * Updates fields and, when given, replaces the user's groups. With `keepAdmin`, the whole change
     * is rolled back (LastAdminError) if it leaves no member in any super-admin group.
     */
    update: (id: bigint, fields: UserFields & { passwordHash?: string }, groupIds?: bigint[], keepAdmin = false) =>
      db.$transaction(async (tx) => {
        const { passwordHash, ...rest } = fields;
        await tx.user.update({
          where: { id },
          data: {
            ...rest,
            ...(rest.username ? usernameSkeletons(rest.username) : {}),
            ...(passwordHash ? { password: passwordHash } : {}),
          },
        });
        if (groupIds) {
          await tx.userGroup.deleteMany({ where: { userId: id, groupId: { notIn: groupIds } } });
          await tx.userGroup.createMany({
            data: groupIds.map((groupId) => ({ userId: id, groupId })),
            skipDuplicates: true,
          });
          if (keepAdmin && (await countAdmins(tx, [])) === 0) throw new LastAdminError();
        }
      }),

    async list(f: UserListFilter) {
      const where: Prisma.UserWhereInput = {
        ...(f.ids.length ? { id: { in: f.ids } } : {}),
        ...(f.statuses.length ? { status: { in: f.statuses } } : {}),
        ...(f.groupIds.length ? { groups: { some: { groupId: { in: f.groupIds } } } } : {}),
        ...(f.wd
          ? {
              OR: [
                { username: { contains: f.wd, mode: "insensitive" } },
                { email: { contains: f.wd, mode: "insensitive" } },
                { mobile: { contains: f.wd } },
                { realname: { contains: f.wd, mode: "insensitive" } },
              ],
            }
          : {}),
      };
      const [total, rows] = await db.$transaction([
        db.user.count({ where }),
        db.user.findMany({ where, orderBy: orderOf(f.sort), skip: f.skip, take: f.take, include: withGroups }),
      ]);
      return { total, rows };
    },

    deleteMany: (ids: bigint[]) => db.user.deleteMany({ where: { id: { in: ids } } }),

    existingGroupIds: async (ids: bigint[]) =>
      (await db.group.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((g) => g.id),

    /** Members of the super-admin groups (groups holding every permission) other than `except`. */
    otherAdmins: (except: bigint[]) => countAdmins(db, except),

    createSession: (s: { id: string; userId: bigint; ip: string; userAgent: string; expiresAt: Date }) =>
      db.$transaction([
        db.session.create({ data: s }),
        db.user.update({ where: { id: s.userId }, data: { loginAt: new Date(), lastLoginIp: s.ip } }),
      ]),

    revokeSession: (id: string, userId: bigint) =>
      db.session.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } }),

    /** Revokes every live session of the users, except `keep` (the caller's own). */
    revokeUserSessions: (userIds: bigint[], keep?: string) =>
      db.session.updateMany({
        where: { userId: { in: userIds }, revokedAt: null, ...(keep ? { NOT: { id: keep } } : {}) },
        data: { revokedAt: new Date() },
      }),

    /** Permissions held through any of the user's groups. */
    permissionsOf: (userId: bigint) =>
      db.permission.findMany({
        where: { groups: { some: { group: { users: { some: { userId } } } } } },
        orderBy: [{ method: "asc" }, { path: "asc" }],
      }),

    statusOf: async (userId: bigint) =>
      (await db.user.findUnique({ where: { id: userId }, select: { status: true } }))?.status ?? null,

    groupsOf: (userId: bigint) =>
      db.group.findMany({ where: { users: { some: { userId } } }, orderBy: [{ sort: "desc" }, { id: "asc" }] }),
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
