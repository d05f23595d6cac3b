// Third-party sign-in, wired: the OAuth/OIDC providers (GitHub, Gitee, QQ, Google, WeChat open and official
// account, a custom OpenID Connect issuer) and WeChat's own ways in (official-account scan, share signature,
// mini program). server.ts hands it the user service; it hands back the services OAuthAPI's handlers use.
import { DomainError } from "@wenku/kit";
import type { AllowHosts } from "@wenku/kit/net";
import type { Db } from "./db.js";
import { createOAuthCatalog, oauthCatalogMessages } from "./oauth/oauth.catalog.js";
import { createOAuthFetch } from "./oauth/oauth.http.js";
import { createOAuthRepository } from "./oauth/oauth.repository.js";
import { createOAuthService } from "./oauth/oauth.service.js";
import { createOAuthProofs } from "./oauth/oauth.state.js";
import { createCustomAdapter } from "./oauth/providers/custom.js";
import { createGiteeAdapter } from "./oauth/providers/gitee.js";
import { createGithubAdapter, type GithubEndpoints } from "./oauth/providers/github.js";
import { createGoogleAdapter } from "./oauth/providers/google.js";
import { createOAuthRegistry, isOAuthType } from "./oauth/providers/provider.js";
import { createQqAdapter } from "./oauth/providers/qq.js";
import {
  createWechatOfficialAdapter,
  createWechatOpenAdapter,
  type WechatOpenEndpoints,
} from "./oauth/providers/wechat.js";
import type { MailSettingsSource, OAuthSettingsSource, SmsSettingsSource } from "./ports.js";
import type { UserService } from "./users/user.service.js";
import { createSignInChannels } from "./users/ways.in.js";
import { createMiniLogin, type MiniProgramSource } from "./wechat/mini.service.js";
import { createScanBindings } from "./wechat/scan.bindings.js";
import { createScanRepository } from "./wechat/scan.repository.js";
import { createScanService, type OfficialAccountSource } from "./wechat/scan.service.js";
import { createShareService } from "./wechat/share.service.js";
import { createWechatApi, WECHAT_API } from "./wechat/wechat.api.js";

/** What third-party sign-in needs of the user service's dependencies. */
export interface ThirdPartyDeps {
  db: Db;
  jwtSecret: string;
  clock?: () => Date;
  /**
   * FETCH_ALLOW_HOSTS: what the SMS senders, WeChat's API client and login providers may reach although
   * not public (tests' peers).
   */
  fetchAllow?: AllowHosts;
  /** The SMS switch, provider and its keys (the config service in production). */
  sms: SmsSettingsSource;
  /** The e-mail settings with the SMTP password, the site's name and domain (the config service). */
  mail: MailSettingsSource;
  /** system.domain: the site's address (redirect URIs; the share signature signs its pages only). */
  siteDomain?: () => Promise<string>;
  /** The WeChat official account's settings with secrets (the config service in production). */
  officialAccount?: OfficialAccountSource;
  /** The WeChat mini program's settings with its secret (the config service in production). */
  miniProgram?: MiniProgramSource;
  /** Third-party login providers' settings; absent: none offered. Redirect URIs are {siteDomain}/oauth/{name}. */
  oauth?: OAuthDeps;
}

export interface OAuthDeps {
  settings: OAuthSettingsSource;
  /** GitHub's addresses (github.com unless an Enterprise Server is configured). */
  github?: GithubEndpoints;
  /** Gitee's address (gitee.com; a stand-in in tests). */
  gitee?: string;
  /** QQ 互联's address (graph.qq.com; a stand-in in tests). */
  qq?: string;
  /** The WeChat open platform's addresses (open.weixin.qq.com, api.weixin.qq.com; a stand-in in tests). */
  wechat?: WechatOpenEndpoints;
  /** Google's OpenID Connect issuer (https://accounts.google.com; a test OpenID Provider in tests). */
  googleIssuer?: string;
}

/** Wirings without the config service (unit tests): no provider configured. */
const NO_OAUTH: OAuthDeps = {
  settings: { current: async () => ({ providers: [], linkVerifiedEmail: false }) },
};

/** Wirings without the config service (unit tests): no official account. */
const NO_OFFICIAL_ACCOUNT: OfficialAccountSource = {
  current: async () => ({
    enable: false,
    appId: "",
    appSecret: "",
    token: "",
    apiBaseUrl: WECHAT_API,
    encodingAesKey: "",
  }),
};

/** Wirings without the config service (unit tests): no mini program. */
const NO_MINI_PROGRAM: MiniProgramSource = {
  current: async () => ({
    enable: false,
    appId: "",
    appSecret: "",
    apiBaseUrl: WECHAT_API,
    scanPage: "",
    envVersion: "release",
  }),
};

/** The third-party sign-in services over the user service's accounts. */
export function wireThirdParty(deps: ThirdPartyDeps, users: UserService) {
  // Third-party login: the adapters speak through the guarded fetcher; proofs are signed with a key
  // derived from the token secret.
  const oauthDeps = deps.oauth ?? NO_OAUTH;
  const oauthProofs = createOAuthProofs(deps.jwtSecret, deps.clock ?? (() => new Date()));
  const oauthFetch = createOAuthFetch({ allow: deps.fetchAllow });
  const officialAccount = deps.officialAccount ?? NO_OFFICIAL_ACCOUNT;
  const catalog = createOAuthCatalog({
    registry: createOAuthRegistry([
      createGithubAdapter(oauthFetch, oauthDeps.github),
      createCustomAdapter(oauthFetch, deps.clock),
      createGiteeAdapter(oauthFetch, oauthDeps.gitee),
      createQqAdapter(oauthFetch, oauthDeps.qq),
      createWechatOpenAdapter(oauthFetch, oauthDeps.wechat),
      createWechatOfficialAdapter(oauthFetch, oauthDeps.wechat),
      createGoogleAdapter(oauthFetch, oauthDeps.googleIssuer, deps.clock),
    ]),
    settings: oauthDeps.settings,
    siteUrl: deps.siteDomain ?? (async () => ""),
    officialAccount: () => officialAccount.current(),
  });
  const oauth = createOAuthService({
    repo: createOAuthRepository(deps.db),
    accounts: users,
    catalog,
    settings: oauthDeps.settings,
    proofs: oauthProofs,
    channels: createSignInChannels({ sms: deps.sms, mail: deps.mail }),
  });
  const wechatApi = createWechatApi({ allow: deps.fetchAllow });
  // An unbound scan gets the OAuth flow's signed proof, to bind (BindOAuth) or register (RegisterOAuth).
  const scanBindings = createScanBindings(createOAuthRepository(deps.db), async (type, openid) => {
    if (!isOAuthType(type)) throw new DomainError("invalid_argument", oauthCatalogMessages.unknownType);
    return oauthProofs.session({ type, account: { openid, emailVerified: false } });
  });
  const miniProgram = deps.miniProgram ?? NO_MINI_PROGRAM;
  const scan = createScanService({
    repo: createScanRepository(deps.db),
    api: wechatApi,
    account: officialAccount,
    mini: miniProgram,
    bindings: scanBindings,
    users,
    clock: deps.clock,
  });
  const share = createShareService({
    api: wechatApi,
    account: officialAccount,
    siteDomain: deps.siteDomain ?? (async () => ""),
    clock: deps.clock,
  });
  const mini = createMiniLogin({
    api: wechatApi,
    mp: miniProgram,
    repo: createOAuthRepository(deps.db),
    proofs: oauthProofs,
    users,
    scan,
  });
  return { oauth, scan, share, mini };
}
