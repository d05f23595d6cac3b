// Bindings' SQL on a real PostgreSQL: an external account belongs to one user even when binds race, a
// user has one account per provider, and the last way to sign in cannot be removed, even by two
// removals at once.
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { createUserRepository } from "../users/user.repository.js";
import { createOAuthRepository, type OAuthProfile } from "./oauth.repository.js";
import { OAuthType } from "./providers/provider.js";

const db = useTestDatabase(createDb);
const repo = () => createOAuthRepository(db());

let seq = 0;
const newUser = async (passwordHash = "x") =>
  (await createUserRepository(db()).create({ username: `binder${++seq}`, passwordHash, registerIp: "" })).id;
const profile = (over: Partial<OAuthProfile> = {}): OAuthProfile => ({
  unionid: "",
  username: "octo",
  nickname: "Octo Cat",
  avatar: "https://example.com/a.png",
  email: "octo@example.com",
  ...over,
});
const noOtherWay = () => false;
const hasPassword = ({ passwordHash }: { passwordHash: string }) => passwordHash !== "";

test("an external account binds to one user: of concurrent binds one wins, the others conflict on the account", async () => {
  const users = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
  const results = await Promise.all(users.map((u) => repo().bind(u, OAuthType.github, "gh-1", profile())));
  const won = results.filter((r) => "row" in r);
  expect(won).toHaveLength(1);
  expect(results.filter((r) => "conflict" in r && r.conflict === "account")).toHaveLength(3);
  const bound = await repo().byAccount(OAuthType.github, "gh-1");
  expect(bound).toMatchObject({ type: OAuthType.github, openid: "gh-1", username: "octo", nickname: "Octo Cat" });
  expect(users).toContain(bound?.userId);
  // the same openid at another provider is another account
  expect(await repo().bind(users[0] as bigint, OAuthType.custom, "gh-1", profile())).toHaveProperty("row");
  expect(await repo().byAccount(OAuthType.gitee, "gh-1")).toBeNull();
});

test("a user has one account per provider; bindings list oldest first and refresh on login", async () => {
  const u = await newUser();
  const first = await repo().bind(u, OAuthType.google, "g-1", profile({ email: "a@example.com" }));
  expect(await repo().bind(u, OAuthType.google, "g-2", profile())).toEqual({ conflict: "provider" });
  const other = await repo().bind(u, OAuthType.qq, "q-1", profile({ unionid: "u-1" }));
  const list = await repo().listByUser(u);
  expect(list.map((b) => [b.type, b.openid])).toEqual([
    [OAuthType.google, "g-1"],
    [OAuthType.qq, "q-1"],
  ]);
  if (!("row" in first) || !("row" in other)) throw new Error("bind failed");
  const refreshed = await repo().refresh(first.row.id, profile({ nickname: "New Name", avatar: "x".repeat(2000) }));
  expect(refreshed).toMatchObject({ nickname: "New Name", avatar: "", email: "octo@example.com" });
  expect(refreshed.updatedAt.getTime()).toBeGreaterThanOrEqual(first.row.updatedAt.getTime());
  expect((await repo().byId(other.row.id))?.unionid).toBe("u-1");
});

test("the last binding of an account without a password or mobile stays; with another way in it goes", async () => {
  const noPassword = await newUser("");
  const a = await repo().bind(noPassword, OAuthType.github, "last-1", profile());
  const b = await repo().bind(noPassword, OAuthType.custom, "last-2", profile());
  if (!("row" in a) || !("row" in b)) throw new Error("bind failed");
  // two removals at once: the user row lock makes the second see one binding left
  const both = await Promise.all([
    repo().unbind(noPassword, a.row.id, hasPassword),
    repo().unbind(noPassword, b.row.id, hasPassword),
  ]);
  expect(both.sort()).toEqual(["last", "removed"]);
  expect(await repo().listByUser(noPassword)).toHaveLength(1);

  // another user's binding is not found, not removed
  const stranger = await newUser();
  const [left] = await repo().listByUser(noPassword);
  expect(await repo().unbind(stranger, left?.id ?? 0n, noOtherWay)).toBe("not_found");
  expect(await repo().listByUser(noPassword)).toHaveLength(1);

  // with a password the last binding may go
  const withPassword = await newUser("argon-hash");
  const c = await repo().bind(withPassword, OAuthType.github, "last-3", profile());
  if (!("row" in c)) throw new Error("bind failed");
  expect(await repo().unbind(withPassword, c.row.id, hasPassword)).toBe("removed");
  expect(await repo().byAccount(OAuthType.github, "last-3")).toBeNull();
});

test("deleting a user removes their bindings, freeing the external account", async () => {
  const u = await newUser();
  await repo().bind(u, OAuthType.gitee, "gone-1", profile());
  await db().user.delete({ where: { id: u } });
  expect(await repo().byAccount(OAuthType.gitee, "gone-1")).toBeNull();
});
