// TEST CODE: local stand-ins of the OAuth providers whose public APIs we speak and cannot run here
// (Gitee, QQ 互联, WeChat: the open platform's website login and an official account's web
// authorisation inside WeChat's browser), each as its documentation describes: the authorize page
// (here a visitor who approves at once: a 302 back to redirect_uri with code and state, after checking
// the client and the redirect URI), the token endpoint and the profile endpoints. Each checks our
// requests as the vendor would (client id and secret, grant type, redirect URI, the code: single use,
// for that client and redirect URI) and refuses in the vendor's own shapes (Gitee: HTTP 400/401 with
// {error, error_description}; QQ: {error: number, error_description} or {ret, msg}; WeChat: HTTP 200
// with {errcode, errmsg}).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface VendorAccount {
  id: string;
  login?: string;
  name: string;
  avatar: string;
  email?: string;
  unionid?: string;
}

export interface VendorStandIn {
  /** The stand-in's address (the adapter's base URL). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * WeChat only: an official account (公众号) whose web authorisation (/connect/oauth2/authorize, scope
   * snsapi_userinfo or snsapi_base) opens only in WeChat's browser (a MicroMessenger user agent; other
   * browsers get WeChat's "请在微信客户端打开链接" page). Its openids are its own ("oa-" + the account's id);
   * the unionid is the account's, as for the open platform app.
   */
  official: { appId: string; appSecret: string };
  /** The account the next visitor approves as. */
  account: VendorAccount;
  /** Every request as "METHOD path?query", to look at what we sent. */
  requests: string[];
  close(): Promise<void>;
}

type Vendor = "gitee" | "qq" | "wechat";

interface Grant {
  clientId: string;
  redirectUri: string;
  account: VendorAccount;
  scope: string;
}

/** The official account's openid of an account (WeChat gives each app its own). */
const officialOpenid = (a: VendorAccount) => `oa-${a.id}`;

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/** The authorize page of each vendor, its client id parameter and where the code goes. */
const AUTHORIZE: Record<Vendor, { path: string; client: string }> = {
  gitee: { path: "/oauth/authorize", client: "client_id" },
  qq: { path: "/oauth2.0/authorize", client: "client_id" },
  wechat: { path: "/connect/qrconnect", client: "appid" },
};

/** Starts the stand-in on 127.0.0.1:`port` (0: any free port). */
export async function startVendorStandIn(vendor: Vendor, port = 0): Promise<VendorStandIn> {
  const clientId = vendor === "wechat" ? `wx${randomBytes(8).toString("hex")}` : randomBytes(8).toString("hex");
  const clientSecret = randomBytes(16).toString("hex");
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, VendorAccount & { openid?: string }>();
  const official = { appId: `wx${randomBytes(8).toString("hex")}`, appSecret: randomBytes(16).toString("hex") };
  const state: VendorStandIn = {
    baseUrl: "",
    clientId,
    clientSecret,
    official,
    account: { id: "1001", login: "octo", name: "章鱼", avatar: "https://avatar.example/1.png" },
    requests: [],
    close: async () => {},
  };
  const newToken = (account: VendorAccount, openid?: string) => {
    const t = randomBytes(16).toString("hex");
    tokens.set(t, { ...account, openid });
    return t;
  };
  /** Takes a code once, for this client and redirect URI. */
  const takeCode = (code: string, client: string, redirectUri: string | null): Grant | null => {
    const g = codes.get(code);
    codes.delete(code);
    return g && g.clientId === client && (redirectUri === null || g.redirectUri === redirectUri) ? g : null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", state.baseUrl);
    const q = url.searchParams;
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const auth = AUTHORIZE[vendor];
    if (vendor === "wechat" && url.pathname === "/connect/oauth2/authorize") {
      const redirect = q.get("redirect_uri") ?? "";
      if (!/MicroMessenger/i.test(req.headers["user-agent"] ?? ""))
        return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("请在微信客户端打开链接");
      if (q.get("appid") !== official.appId || !/^https?:\/\//.test(redirect) || q.get("response_type") !== "code")
        return json(res, 400, { errcode: 10003, errmsg: "redirect_uri 参数错误" });
      const scope = q.get("scope") ?? "";
      if (scope !== "snsapi_userinfo" && scope !== "snsapi_base") return json(res, 400, { errmsg: "scope 参数错误" });
      const code = randomBytes(12).toString("hex");
      codes.set(code, { clientId: official.appId, redirectUri: redirect, account: { ...state.account }, scope });
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === auth.path) {
      const redirect = q.get("redirect_uri") ?? "";
      if (q.get(auth.client) !== clientId || !/^https?:\/\//.test(redirect) || q.get("response_type") !== "code")
        return json(res, 400, { error: "invalid_request" });
      if (vendor === "wechat" && q.get("scope") !== "snsapi_login") return json(res, 400, { error: "scope 参数错误" });
      const code = randomBytes(12).toString("hex");
      codes.set(code, { clientId, redirectUri: redirect, account: { ...state.account }, scope: q.get("scope") ?? "" });
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return void res.writeHead(302, { location: back.href }).end();
    }

    if (vendor === "gitee") {
      if (url.pathname === "/oauth/token" && req.method === "POST") {
        const b = new URLSearchParams(await readBody(req));
        if (b.get("grant_type") !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type" });
        if (b.get("client_id") !== clientId || b.get("client_secret") !== clientSecret)
          return json(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
        const g = takeCode(b.get("code") ?? "", clientId, b.get("redirect_uri"));
        if (!g) return json(res, 400, { error: "invalid_grant", error_description: "授权码无效或已过期" });
        return json(res, 200, {
          access_token: newToken(g.account),
          token_type: "bearer",
          expires_in: 86400,
          refresh_token: "r",
          scope: "user_info",
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      if (url.pathname === "/api/v5/user") {
        const a = tokens.get(q.get("access_token") ?? "");
        if (!a) return json(res, 401, { message: "401 Unauthorized: Access token does not exist" });
        return json(res, 200, {
          id: /^\d+$/.test(a.id) ? Number(a.id) : a.id, // Gitee ids are numbers
          login: a.login,
          name: a.name,
          avatar_url: a.avatar,
          email: a.email ?? null,
        });
      }
    }

    if (vendor === "qq") {
      if (url.pathname === "/oauth2.0/token") {
        if (q.get("fmt") !== "json") return void res.writeHead(200).end('callback( {"error":100000} );');
        if (q.get("grant_type") !== "authorization_code")
          return json(res, 200, { error: 100005, error_description: "param grant_type is wrong" });
        if (q.get("client_id") !== clientId || q.get("client_secret") !== clientSecret)
          return json(res, 200, { error: 100010, error_description: "client secret is wrong" });
        const g = takeCode(q.get("code") ?? "", clientId, q.get("redirect_uri"));
        if (!g) return json(res, 200, { error: 100019, error_description: "code to access token error" });
        return json(res, 200, { access_token: newToken(g.account), expires_in: "7776000", refresh_token: "r" });
      }
      if (url.pathname === "/oauth2.0/me") {
        const a = tokens.get(q.get("access_token") ?? "");
        if (!a) return json(res, 200, { error: 100016, error_description: "access token check failed" });
        return json(res, 200, {
          client_id: clientId,
          openid: a.id,
          ...(q.get("unionid") === "1" && a.unionid ? { unionid: a.unionid } : {}),
        });
      }
      if (url.pathname === "/user/get_user_info") {
        const a = tokens.get(q.get("access_token") ?? "");
        if (!a || q.get("oauth_consumer_key") !== clientId || q.get("openid") !== a.id)
          return json(res, 200, { ret: -1, msg: "client request's parameters are invalid, invalid openid" });
        return json(res, 200, {
          ret: 0,
          msg: "",
          nickname: a.name,
          figureurl_qq_1: a.avatar,
          figureurl_qq_2: a.avatar,
          gender: "男",
        });
      }
    }

    if (vendor === "wechat") {
      if (url.pathname === "/sns/oauth2/access_token") {
        const app = q.get("appid");
        const secret = app === official.appId ? official.appSecret : app === clientId ? clientSecret : null;
        if (!secret) return json(res, 200, { errcode: 40013, errmsg: "invalid appid" });
        if (q.get("secret") !== secret) return json(res, 200, { errcode: 40125, errmsg: "invalid appsecret" });
        if (q.get("grant_type") !== "authorization_code")
          return json(res, 200, { errcode: 40002, errmsg: "invalid grant_type" });
        const g = takeCode(q.get("code") ?? "", app ?? "", null);
        if (!g) return json(res, 200, { errcode: 40029, errmsg: "invalid code" });
        const openid = app === official.appId ? officialOpenid(g.account) : g.account.id;
        // WeChat answers the unionid here only for snsapi_userinfo (and the website login)
        const unionid = g.scope !== "snsapi_base" && g.account.unionid ? { unionid: g.account.unionid } : {};
        return json(res, 200, {
          access_token: g.scope === "snsapi_base" ? "base-only" : newToken(g.account, openid),
          expires_in: 7200,
          refresh_token: "r",
          openid,
          scope: g.scope,
          ...unionid,
        });
      }
      if (url.pathname === "/sns/userinfo") {
        const a = tokens.get(q.get("access_token") ?? "");
        if (!a) return json(res, 200, { errcode: 40001, errmsg: "invalid credential, access_token is invalid" });
        const openid = a.openid ?? a.id;
        if (q.get("openid") !== openid) return json(res, 200, { errcode: 40003, errmsg: "invalid openid" });
        return json(res, 200, {
          openid,
          nickname: a.name,
          sex: 0,
          province: "",
          city: "",
          country: "",
          headimgurl: a.avatar,
          privilege: [],
          ...(a.unionid ? { unionid: a.unionid } : {}),
        });
      }
    }
    json(res, 404, { error: "not_found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
