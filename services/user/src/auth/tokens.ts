import { jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  userId: bigint;
  sessionId: string;
  expiresAt: number; // unix seconds
}

const ISSUER = "wenku";

/** HS256 user tokens: `sub` = user id, `sid` = session row id (revocable). */
export function createTokenCodec(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId.toString())
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(claims.expiresAt)
        .sign(key);
    },
    /** null for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
        if (typeof payload.sid !== "string" || !payload.sub || !/^\d{1,19}$/.test(payload.sub) || !payload.exp) {
          return null;
        }
        return { userId: BigInt(payload.sub), sessionId: payload.sid, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
export type TokenCodec = ReturnType<typeof createTokenCodec>;
