// How a bearer token is judged. A "no session" answer (userId 0) now makes the access interceptor
// answer 401 on every route and the web app drop its session, so it must mean exactly that: never
// a database hiccup, never a token that is still good.
import { anonymous } from "@wenku/kit";
import { SignJWT } from "jose";
import type { AuthzRepository, SessionGrant } from "./authz.repository.js";
import { createLocalAuthorizer } from "./authz.service.js";
import { createTokenCodec } from "./tokens.js";

const SECRET = "s".repeat(40);
const SID = "0b6c8a4e-5f1d-4c3b-9a2e-7d8f6e5c4b3a";
const METHOD = "/api.v1.UserAPI/GetUser";
const now = () => Math.floor(Date.now() / 1000);

function repoAnswering(grant: SessionGrant | Error) {
  const calls: Array<[bigint, string, string]> = [];
  const repo: AuthzRepository = {
    async sessionGrant(userId, sessionId, path) {
      calls.push([userId, sessionId, path]);
      if (grant instanceof Error) throw grant;
      return grant;
    },
  };
  return { repo, calls };
}

const tokens = createTokenCodec(SECRET);
const live = { valid: true, granted: true, staff: false };

describe("createLocalAuthorizer", () => {
  test("a live session: the user, the grant and the token's expiry", async () => {
    const { repo, calls } = repoAnswering(live);
    const exp = now() + 3600;
    const token = await tokens.sign({ userId: 5n, sessionId: SID, expiresAt: exp });
    expect(await createLocalAuthorizer({ tokens, repo }).authorize(token, METHOD)).toEqual({
      userId: 5n,
      sessionId: SID,
      granted: true,
      staff: false,
      expiresAt: exp,
    });
    expect(calls).toEqual([[5n, SID, METHOD]]);
  });

  test("revoked, expired in the database or disabled (the repository says not valid) → no session", async () => {
    const { repo } = repoAnswering({ valid: false, granted: true, staff: true });
    const token = await tokens.sign({ userId: 5n, sessionId: SID, expiresAt: now() + 3600 });
    expect(await createLocalAuthorizer({ tokens, repo }).authorize(token, METHOD)).toEqual(anonymous);
  });

  test("garbage, another secret, an expired JWT, a foreign issuer or a non-UUID session → no session, no query", async () => {
    const { repo, calls } = repoAnswering(live);
    const key = new TextEncoder().encode(SECRET);
    const signed = (claims: Record<string, unknown>, iss = "wenku", exp = now() + 3600) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("5")
        .setIssuer(iss)
        .setExpirationTime(exp)
        .sign(key);
    const dead = [
      "garbage",
      "a.b.c",
      await createTokenCodec("x".repeat(40)).sign({ userId: 5n, sessionId: SID, expiresAt: now() + 3600 }),
      await tokens.sign({ userId: 5n, sessionId: SID, expiresAt: now() - 60 }),
      await signed({ sid: SID }, "someone-else"),
      await signed({ sid: "not-a-uuid" }),
      await signed({}),
    ];
    const authorizer = createLocalAuthorizer({ tokens, repo });
    for (const token of dead) expect(await authorizer.authorize(token, METHOD)).toEqual(anonymous);
    expect(calls).toEqual([]);
  });

  test("a database failure is an error, not a dead token (nobody is logged out by a hiccup)", async () => {
    const { repo } = repoAnswering(new Error("connection terminated"));
    const token = await tokens.sign({ userId: 5n, sessionId: SID, expiresAt: now() + 3600 });
    await expect(createLocalAuthorizer({ tokens, repo }).authorize(token, METHOD)).rejects.toThrow("terminated");
  });
});
