// Usernames unique by their confusable skeleton on a real PostgreSQL: the unique index refuses a lookalike
// even when two registrations race; accounts from before the column are filled in oldest first, and
// lookalike pairs that already exist keep working under their exact names.
import { isUniqueViolation } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createUserRepository } from "./user.repository.js";
import { usernameSkeletons } from "./user.rules.js";
import { fillUsernameSkeletons } from "./username.backfill.js";

const usernameSkeleton = (name: string) => usernameSkeletons(name).usernameSkeleton;

const db = useTestDatabase(createDb);
const repo = () => createUserRepository(db());
/** Waits for `p` to fail with a unique violation. */
async function refused(p: Promise<unknown>): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUniqueViolation(err)).toBe(true);
}
const create = (username: string) => repo().create({ username, passwordHash: "x", registerIp: "", groupIds: [] });

/** An account as stored before username_skeleton existed. */
async function legacy(username: string): Promise<bigint> {
  const u = await db().user.create({ data: { username, password: "x" } });
  expect([u.usernameSkeleton, u.usernameSkeletonCased]).toEqual([null, null]);
  return u.id;
}
const skeletonOf = async (id: bigint) =>
  (await db().user.findUniqueOrThrow({ where: { id }, select: { usernameSkeleton: true } })).usernameSkeleton;
const casedOf = async (id: bigint) =>
  (await db().user.findUniqueOrThrow({ where: { id }, select: { usernameSkeletonCased: true } })).usernameSkeletonCased;

test("a new account stores its skeleton; a lookalike is a unique violation, also when both race", async () => {
  const first = await create("racer");
  expect(first.usernameSkeleton).toBe(usernameSkeleton("racer"));
  await refused(create("RACER"));
  await refused(create("RACEr"));
  await refused(create("rac\u0435r"));
  const raced = await Promise.allSettled([create("sprinter"), create("SPRINTER"), create("spr\u0456nter")]);
  expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  for (const r of raced) if (r.status === "rejected") expect(isUniqueViolation(r.reason)).toBe(true);
});

test("taken() names a lookalike held by another account, not the account's own name in another case", async () => {
  const me = await create("takenme");
  expect((await repo().taken({ username: "TakenMe" })).username).toBe(true);
  expect((await repo().taken({ username: "TakenMe" }, me.id)).username).toBe(false);
  expect((await repo().taken({ username: "takenyou" })).username).toBe(false);
  await repo().update(me.id, { username: "TakenMe" });
  expect(await skeletonOf(me.id)).toBe(usernameSkeleton("takenme"));
});

test("older accounts are filled in oldest first; an existing lookalike keeps NULL and its exact login", async () => {
  const older = await legacy("Oldtimer");
  const newer = await legacy("OLDTIMER");
  const alone = await legacy("loner");
  const capital = await legacy("lonEr"); // a case variant: both skeletons are loner's
  const glyph = await legacy("Ioner"); // a capital I for l: only by the skeleton as written
  // folded: Oldtimer, loner, Ioner ("ioner"); as written: Oldtimer, OLDTIMER ("oldtlmer"), loner
  expect(await fillUsernameSkeletons(db())).toBe(6);
  expect([await skeletonOf(older), await skeletonOf(newer), await skeletonOf(alone)]).toEqual([
    usernameSkeleton("oldtimer"),
    null,
    usernameSkeleton("loner"),
  ]);
  expect([await skeletonOf(capital), await casedOf(capital)]).toEqual([null, null]);
  expect([await skeletonOf(glyph), await casedOf(glyph)]).toEqual([usernameSkeleton("Ioner"), null]);
  expect(await fillUsernameSkeletons(db())).toBe(0);
  // Exact names find their own accounts; another spelling finds the holder of the skeleton.
  expect((await repo().byLogin("OLDTIMER"))?.id).toBe(newer);
  expect((await repo().byLogin("Oldtimer"))?.id).toBe(older);
  expect((await repo().byLogin("oldtimer"))?.id).toBe(older);
  expect((await repo().byLogin("LONER"))?.id).toBe(alone);
  expect(await repo().byLogin("stranger")).toBeNull();
  // A new lookalike of either is refused by the index.
  await refused(create("oldTimer"));
});
