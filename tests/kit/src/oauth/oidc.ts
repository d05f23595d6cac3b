// A REAL OpenID Provider for tests (the certified `oidc-provider` package): discovery, JWKS, the
// authorization code flow with PKCE (required), nonce, ID tokens signed with a key generated per run.
// Login is automatic: the interaction signs in `provider.user` (set it per test) and consent is granted,
// so a browser (Playwright) or `followToCallback` (API tests) goes straight back to the redirect URI.
// `tamper` makes it a hostile provider for one token answer: the ID token re-signed (with its own key,
// or another one) after a claim was changed — what openid-client must refuse.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import Provider from "oidc-provider";

export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

export interface Tamper {
  /** Claims to overwrite in the next ID token. */
  claims?: Record<string, unknown>;
  /** Sign with a key the provider never published. */
  foreignKey?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the automatic login signs in. */
  user: OidcUser;
  /** Changes the next token answer's ID token (then resets). */
  tamper: Tamper | undefined;
  /** Token requests seen (how many codes were redeemed, refused ones included). */
  tokenRequests: number;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Where it listens (a site configured with its issuer before it started); any free port by default. */
  port?: number;
}) {
  const server: Server = createServer();
  server.listen(opts.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const foreign = (await generateKeyPair("RS256")).privateKey;
  const clientId = opts.clientId ?? "wenku-site";
  const clientSecret = opts.clientSecret ?? "wenku-site-secret-0123456789abcdef";

  const state: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    user: { sub: "oidc-user-1", email: "oidc.user@example.com", email_verified: true, name: "OIDC User" },
    tamper: undefined,
    tokenRequests: 0,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    pkce: { required: () => true },
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username", "picture"] },
    // claims go into the ID token too (what Keycloak and most providers do)
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => (id === state.user.sub ? { ...state.user } : { sub: id }),
    }),
    // consent is granted at once: the site asked for these scopes
    loadExistingGrant: async (ctx: import("oidc-provider").KoaContext) => {
      const clientIdOf = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientIdOf || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOf, accountId });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "preferred_username", "picture"]);
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== "/token" || ctx.method !== "POST") return;
    state.tokenRequests += 1;
    const body = ctx.body as { id_token?: string } | undefined;
    const tamper = state.tamper;
    if (!tamper || !body?.id_token) return;
    state.tamper = undefined;
    const claims = { ...decodeJwt(body.id_token), ...tamper.claims };
    const header = decodeProtectedHeader(body.id_token);
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: header.kid ?? "test-key" })
      .sign(tamper.foreignKey ? foreign : privateKey);
  });

  const handle = provider.callback();
  server.on("request", (req, res) => {
    const uid = /^\/interaction\/([^/?]+)/.exec(req.url ?? "")?.[1];
    if (!uid) return handle(req, res);
    // the automatic login: whoever comes is state.user
    provider
      .interactionFinished(req, res, { login: { accountId: state.user.sub } }, { mergeWithLastSubmission: false })
      .catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
  });
  return state;
}

/**
 * Follows an authorize URL as a browser would (cookies kept, redirects followed by hand) until the
 * provider sends the visitor to `redirectUri`; returns that callback's parameters.
 */
export async function followToCallback(
  authorizeUrl: string,
  redirectUri: string,
  opts: { userAgent?: string } = {},
): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    const res = await fetch(url, {
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(opts.userAgent ? { "user-agent": opts.userAgent } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects before the callback");
}
