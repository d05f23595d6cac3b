// The only module that touches the user_oauths table (third-party accounts bound to users).
import { isUniqueViolation } from "@wenku/kit";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { normalEmail } from "../users/user.rules.js";
import type { AccountAccess } from "../users/ways.in.js";

/** A bound third-party account as stored. */
export interface UserOAuthRow {
  id: bigint;
  userId: bigint;
  type: number;
  openid: string;
  unionid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What the provider says about the account, stored with the binding and refreshed on each login. */
export interface OAuthProfile {
  unionid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/**
 * Why a binding was not stored: the external account already belongs to a user (`account`), or the user
 * already has an account of this provider (`provider`).
 */
export type BindConflict = "account" | "provider";

export type BindResult = { row: UserOAuthRow } | { conflict: BindConflict };

/** Whether a user keeps a way to sign in once a binding goes; the domain says what counts (users/ways.in.ts). */
export type OtherWayIn = (user: AccountAccess) => boolean;

export type UnbindResult = "removed" | "not_found" | "last";

/** The columns the service writes (each cut to its column's length; providers send what they like). */
const profileData = (p: OAuthProfile) => ({
  unionid: p.unionid.slice(0, 255),
  username: p.username.slice(0, 255),
  nickname: p.nickname.slice(0, 255),
  avatar: p.avatar.length <= 1024 ? p.avatar : "",
  email: p.email.length <= 255 ? p.email : "",
});

export function createOAuthRepository(db: Db) {
  /** The (type, openid) pair already taken, or the user's provider slot: which unique index said no. */
  const conflictOf = async (type: number, openid: string): Promise<BindConflict> =>
    (await db.userOAuth.findUnique({ where: { type_openid: { type, openid } } })) ? "account" : "provider";

  return {
    byId: (id: bigint): Promise<UserOAuthRow | null> => db.userOAuth.findUnique({ where: { id } }),

    /** The binding of one external account, if any user holds it. */
    byAccount: (type: number, openid: string): Promise<UserOAuthRow | null> =>
      db.userOAuth.findUnique({ where: { type_openid: { type, openid } } }),

    /** A user's bindings, oldest first. */
    listByUser: (userId: bigint): Promise<UserOAuthRow[]> =>
      db.userOAuth.findMany({ where: { userId }, orderBy: { id: "asc" } }),

    /**
     * Binds (type, openid) to the user. The unique indexes decide races: of two users binding one
     * external account at once, one gets it and the other a conflict.
     */
    async bind(userId: bigint, type: number, openid: string, profile: OAuthProfile): Promise<BindResult> {
      try {
        return { row: await db.userOAuth.create({ data: { userId, type, openid, ...profileData(profile) } }) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return { conflict: await conflictOf(type, openid) };
      }
    },

    /** The binding written inside another transaction (the account a third-party login creates). */
    bindIn: async (
      tx: Prisma.TransactionClient,
      userId: bigint,
      type: number,
      openid: string,
      profile: OAuthProfile,
    ) => {
      await tx.userOAuth.create({ data: { userId, type, openid, ...profileData(profile) } });
    },

    /** The account holding an e-mail address, in any case (addresses are stored lower-case), if any. */
    userIdByEmail: async (email: string): Promise<bigint | null> =>
      (await db.user.findUnique({ where: { email: normalEmail(email) }, select: { id: true } }))?.id ?? null,

    /** The user holding an account of one of `types` with WeChat's `unionid` (the oldest binding), if any. */
    userIdByUnionid: async (types: number[], unionid: string): Promise<bigint | null> =>
      unionid
        ? ((
            await db.userOAuth.findFirst({
              where: { type: { in: types }, unionid },
              orderBy: { id: "asc" },
              select: { userId: true },
            })
          )?.userId ?? null)
        : null,

    /** Stores what the provider said on this login (names and pictures change there). */
    refresh: (id: bigint, profile: OAuthProfile): Promise<UserOAuthRow> =>
      db.userOAuth.update({ where: { id }, data: profileData(profile) }),

    /**
     * Removes one of the user's bindings, unless it is their last one and `otherWayIn` says the account
     * has no other way to sign in. The user row is locked for the check and the delete, so two removals
     * at once cannot both see "another binding is left" and remove the last two.
     */
    unbind: (userId: bigint, id: bigint, otherWayIn: OtherWayIn): Promise<UnbindResult> =>
      db.$transaction(async (tx) => {
        const users = await tx.$queryRaw<
          Array<{
            password: string;
            email: string | null;
            email_verified: boolean;
            mobile: string | null;
            mobile_verified: boolean;
          }>
        >`SELECT password, email, email_verified, mobile, mobile_verified FROM users WHERE id = ${userId} FOR UPDATE`;
        const user = users[0];
        if (!user) return "not_found";
        const binding = await tx.userOAuth.findFirst({ where: { id, userId } });
        if (!binding) return "not_found";
        const count = await tx.userOAuth.count({ where: { userId } });
        const access: AccountAccess = {
          passwordHash: user.password,
          email: user.email,
          emailVerified: user.email_verified,
          mobile: user.mobile,
          mobileVerified: user.mobile_verified,
        };
        if (count <= 1 && !otherWayIn(access)) return "last";
        await tx.userOAuth.delete({ where: { id } });
        return "removed";
      }),
  };
}
export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
