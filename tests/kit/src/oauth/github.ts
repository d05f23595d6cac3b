// A STAND-IN for GitHub's OAuth web application flow and REST API (github.com cannot be reached from
// tests), checking our requests as GitHub does: the authorize request's client and exact redirect URI,
// the token request's client secret, code (single use, ten minutes), redirect URI and PKCE verifier,
// `Accept: application/json` (without it GitHub answers form-encoded), a bearer token and a User-Agent
// on API calls. Point the site at it with OAUTH_GITHUB_URL and OAUTH_GITHUB_API_URL.
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface GithubAccount {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
  email: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface GithubStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered for the OAuth app (the site's /oauth/github). */
  redirectUri: string;
  /** Who authorizes next. */
  account: GithubAccount;
  /** Every token request's refusal reason ("" when granted), in order. */
  tokenAnswers: string[];
  close(): Promise<void>;
}

const body = async (req: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
};

export async function startGithubStandIn(): Promise<GithubStandIn> {
  const codes = new Map<string, { redirectUri: string; challenge: string; account: GithubAccount; at: number }>();
  const tokens = new Map<string, GithubAccount>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (status: number, v: unknown) =>
      void res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(v));
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const q = url.searchParams;
      if (q.get("client_id") !== state.clientId) return void res.writeHead(404).end("unknown client");
      if (q.get("redirect_uri") !== state.redirectUri) return void res.writeHead(400).end("redirect_uri mismatch");
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge"))
        return void res.writeHead(400).end("PKCE S256 expected");
      const code = randomBytes(10).toString("hex");
      codes.set(code, {
        redirectUri: state.redirectUri,
        challenge: q.get("code_challenge") ?? "",
        account: state.account,
        at: Date.now(),
      });
      const back = new URL(state.redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      void body(req).then((raw) => {
        const f = new URLSearchParams(raw);
        const answer = (error: string) => {
          state.tokenAnswers.push(error);
          if (!(req.headers.accept ?? "").includes("application/json"))
            return void res
              .writeHead(200, { "content-type": "application/x-www-form-urlencoded" })
              .end(`error=${error || "json_expected"}`);
          if (error) return json(200, { error, error_description: `stand-in refused: ${error}` });
          const token = `gho_${randomBytes(12).toString("hex")}`;
          tokens.set(token, grant.account);
          json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
        };
        const grant = codes.get(f.get("code") ?? "") ?? {
          account: state.account,
          redirectUri: "",
          challenge: "",
          at: 0,
        };
        if (f.get("client_id") !== state.clientId || f.get("client_secret") !== state.clientSecret)
          return answer("incorrect_client_credentials");
        if (!codes.delete(f.get("code") ?? "") || Date.now() - grant.at > 600_000)
          return answer("bad_verification_code");
        if (f.get("redirect_uri") !== grant.redirectUri) return answer("redirect_uri_mismatch");
        const verifier = f.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge)
          return answer("bad_verification_code");
        answer("");
      });
      return;
    }
    const auth = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const who = auth ? tokens.get(auth) : undefined;
    if (!req.headers["user-agent"]) return json(403, { message: "Request forbidden by administrative rules." });
    if (!who) return json(401, { message: "Bad credentials" });
    if (url.pathname === "/user") {
      const { emails: _emails, ...user } = who;
      return json(200, user);
    }
    if (url.pathname === "/user/emails") return json(200, who.emails);
    json(404, { message: "Not Found" });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const state: GithubStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: "Iv1.standin0123456789",
    clientSecret: "standin-secret-0123456789abcdef0123456789",
    redirectUri: "",
    account: {
      id: 583231,
      login: "octocat",
      name: "The Octocat",
      avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
      email: null,
      emails: [{ email: "octocat@example.com", primary: true, verified: true }],
    },
    tokenAnswers: [],
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return state;
}
