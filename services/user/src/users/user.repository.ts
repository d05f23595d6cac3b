import type { Db } from "../db.js";

/** The only module that touches Prisma for users, groups and sessions. */
export function createUserRepository(db: Db) {
  return {
    byId: (id: bigint) => db.user.findUnique({ where: { id }, include: { groups: { select: { groupId: true } } } }),

    /** Login accepts a username, an e-mail or a mobile number. */
    byLogin: (login: string) =>
      db.user.findFirst({ where: { OR: [{ username: login }, { email: login }, { mobile: login }] } }),

    usernameTaken: async (username: string) => (await db.user.count({ where: { username } })) > 0,

    /** Creates the user in the default groups, in one transaction. */
    async create(data: { username: string; passwordHash: string; email?: string; registerIp: string }) {
      return db.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: {
            username: data.username,
            password: data.passwordHash,
            email: data.email || null,
            registerIp: data.registerIp,
          },
        });
        const defaults = await tx.group.findMany({ where: { isDefault: true }, select: { id: true } });
        if (defaults.length) {
          await tx.userGroup.createMany({ data: defaults.map((g) => ({ userId: user.id, groupId: g.id })) });
        }
        return user;
      });
    },

    createSession: (s: { id: string; userId: bigint; ip: string; userAgent: string; expiresAt: Date }) =>
      db.$transaction([
        db.session.create({ data: s }),
        db.user.update({ where: { id: s.userId }, data: { loginAt: new Date(), lastLoginIp: s.ip } }),
      ]),

    revokeSession: (id: string, userId: bigint) =>
      db.session.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } }),

    /** Permissions held through any of the user's groups. */
    permissionsOf: (userId: bigint) =>
      db.permission.findMany({
        where: { groups: { some: { group: { users: { some: { userId } } } } } },
        orderBy: [{ method: "asc" }, { path: "asc" }],
      }),

    groupsOf: (userId: bigint) =>
      db.group.findMany({ where: { users: { some: { userId } } }, orderBy: [{ sort: "desc" }, { id: "asc" }] }),
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
