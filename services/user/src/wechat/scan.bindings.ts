// The bindings a scan works with: the openids of the account that scanned — the official account's
// (oauth type 8, 公众号) or the mini program's (type 5, 小程序) — in the OAuth bindings store
// (oauth/oauth.repository.ts), and the signed proof of an unbound account that BindOAuth takes (from
// the OAuth flow).
import { DomainError } from "@wenku/kit";
import type { OAuthRepository } from "../oauth/oauth.repository.js";
import { OAuthType } from "../oauth/providers/provider.js";
import type { ScanBindings } from "./scan.service.js";

export const bindingMessages = {
  takenAccount: "该微信已绑定其他账号",
  takenProvider: "你已绑定过微信公众号账号，请先解绑",
  takenMiniProvider: "你已绑定过微信小程序账号，请先解绑",
} as const;

/** Signs the proof of an unbound third-party account (OAuthLoginReply.oauth.session). */
export type UnboundProof = (oauthType: number, openid: string) => Promise<string>;

/** The kinds of WeChat account a scene may be scanned by. */
const SCAN_TYPES: ReadonlySet<number> = new Set([OAuthType.officialAccount, OAuthType.wechatMini]);

export function createScanBindings(repo: OAuthRepository, prove: UnboundProof): ScanBindings {
  const empty = { unionid: "", username: "", nickname: "", avatar: "", email: "" };
  const check = (type: number) => {
    if (!SCAN_TYPES.has(type)) throw new Error(`not a scan account type: ${type}`);
  };
  return {
    async userOf(type, openid) {
      check(type);
      return (await repo.byAccount(type, openid))?.userId ?? null;
    },
    async bind(userId, type, openid) {
      check(type);
      const held = await repo.byAccount(type, openid);
      if (held?.userId === userId) return;
      const r = await repo.bind(userId, type, openid, empty);
      if ("conflict" in r) {
        const provider =
          type === OAuthType.wechatMini ? bindingMessages.takenMiniProvider : bindingMessages.takenProvider;
        throw new DomainError("already_exists", r.conflict === "account" ? bindingMessages.takenAccount : provider);
      }
    },
    async unbound(type, openid) {
      check(type);
      return { oauthType: type, openid, session: await prove(type, openid) };
    },
  };
}
