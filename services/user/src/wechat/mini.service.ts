// Login from the WeChat mini program (小程序): the program's wx.login code, exchanged at WeChat
// (sns/jscode2session) with the mini program's app_id and app_secret (category mp), names the WeChat
// account (openid, and unionid when the program is tied to an open platform account). Bound to a user
// (oauth type 5 in the OAuth bindings): that user is signed in; not bound: the same signed proof
// LoginOAuth answers, so BindOAuth or RegisterOAuth complete it. WechatMPScanLogin: the same code
// names who scanned a web page's scan scene from the mini program (scan.service.ts).
import { type CallContext, DomainError } from "@wenku/kit";
import type { OAuthProfile, OAuthRepository } from "../oauth/oauth.repository.js";
import type { OAuthProofs } from "../oauth/oauth.state.js";
import { type ExternalAccount, OAuthType } from "../oauth/providers/provider.js";
import type { ScanLogin, ScanService } from "./scan.service.js";
import { type MiniProgram, siteRefusal, type WechatApi, WechatApiError } from "./wechat.api.js";

export const miniMessages = {
  disabled: "未启用微信小程序登录",
  codeRequired: "缺少小程序登录凭证（code）",
  sceneRequired: "缺少或无效的扫码场景（scene）",
  badCode: "小程序登录凭证无效或已使用，请重新登录",
  refused: "微信拒绝了小程序登录，请管理员检查小程序的 AppID 与 AppSecret",
} as const;

/** wx.login codes are 32 characters today; anything far longer or with other characters is not one. */
const CODE = /^[A-Za-z0-9_-]{1,128}$/;
/** Scenes are 22 base64url characters (scan.service.ts); 64 at most as stored. */
const SCENE = /^[A-Za-z0-9_-]{1,64}$/;
/** WeChat's answers for a code that is invalid (40029), already used (40163) or of a user at risk (40226). */
const BAD_CODE = new Set([40029, 40163, 40226]);

/** Where the service reads the mini program's settings (with its secret). */
export interface MiniProgramSource {
  current(): Promise<MiniProgram>;
}

export interface MiniLoginDeps<U> {
  api: WechatApi;
  mp: MiniProgramSource;
  repo: OAuthRepository;
  proofs: OAuthProofs;
  users: ScanLogin<U>;
  /** The web page's scan scenes. */
  scan: Pick<ScanService<U>, "scannedByMini">;
}

export type MiniLoginOutcome<U> =
  | { signedIn: { user: U; session: { token: string } } }
  | { pending: ExternalAccount & { type: OAuthType; session: string } };

export function createMiniLogin<U>(deps: MiniLoginDeps<U>) {
  const type = OAuthType.wechatMini;

  /** The account a wx.login code belongs to, asked of WeChat once (the code is single use). */
  async function accountOf(code: string): Promise<ExternalAccount> {
    if (!code) throw new DomainError("invalid_argument", miniMessages.codeRequired, undefined, "code");
    if (!CODE.test(code)) throw new DomainError("invalid_argument", miniMessages.badCode, undefined, "code");
    const mp = await deps.mp.current();
    if (!mp.enable || !mp.appId || !mp.appSecret) throw new DomainError("failed_precondition", miniMessages.disabled);
    try {
      const s = await deps.api.jscode2session(mp, code);
      return { openid: s.openid, unionid: s.unionid || undefined, emailVerified: false };
    } catch (err) {
      if (err instanceof WechatApiError && BAD_CODE.has(err.errcode))
        throw new DomainError("invalid_argument", miniMessages.badCode, undefined, "code");
      // a wrong AppID/AppSecret or anything else WeChat refuses: the site's configuration, not the visitor
      return siteRefusal(miniMessages.refused)(err);
    }
  }

  return {
    /** LoginWechatMP: signs in the user bound to the code's account, or proves the unbound account. */
    async login(call: CallContext, code: string): Promise<MiniLoginOutcome<U>> {
      const account = await accountOf(code);
      const bound = await deps.repo.byAccount(type, account.openid);
      if (bound) {
        // keep the unionid WeChat says now; the names and pictures stay as stored (jscode2session has none)
        const profile: OAuthProfile = {
          unionid: account.unionid ?? bound.unionid,
          username: bound.username,
          nickname: bound.nickname,
          avatar: bound.avatar,
          email: bound.email,
        };
        await deps.repo.refresh(bound.id, profile);
        return { signedIn: await deps.users.signInAs(call, bound.userId) };
      }
      return { pending: { ...account, type, session: deps.proofs.session({ type, account }) } };
    },

    /**
     * WechatMPScanLogin: the mini program's user scanned a web page's scene and confirmed; the scene
     * becomes scanned by their mini-program account, and the page's poll signs in or offers binding.
     */
    async scanLogin(scene: string, code: string): Promise<void> {
      if (!SCENE.test(scene)) throw new DomainError("invalid_argument", miniMessages.sceneRequired, undefined, "scene");
      const account = await accountOf(code);
      await deps.scan.scannedByMini(scene, account.openid);
    },
  };
}
export type MiniLogin<U> = ReturnType<typeof createMiniLogin<U>>;
