// The bindings a scan works with: the official account's openids (oauth type 8, 公众号) in the OAuth
// bindings store (oauth/oauth.repository.ts), and the signed proof of an unbound account that
// BindOAuth takes (from the OAuth flow).
import { DomainError } from "@wenku/kit";
import type { OAuthRepository } from "../oauth/oauth.repository.js";
import { OAuthType } from "../oauth/providers/provider.js";
import type { ScanBindings } from "./scan.service.js";

export const bindingMessages = {
  takenAccount: "该微信已绑定其他账号",
  takenProvider: "你已绑定过微信公众号账号，请先解绑",
} as const;

/** Signs the proof of an unbound third-party account (OAuthLoginReply.oauth.session). */
export type UnboundProof = (oauthType: number, openid: string) => Promise<string>;

export function createScanBindings(repo: OAuthRepository, prove: UnboundProof): ScanBindings {
  const type = OAuthType.officialAccount;
  const empty = { unionid: "", username: "", nickname: "", avatar: "", email: "" };
  return {
    async userOf(openid) {
      return (await repo.byAccount(type, openid))?.userId ?? null;
    },
    async bind(userId, openid) {
      const held = await repo.byAccount(type, openid);
      if (held?.userId === userId) return;
      const r = await repo.bind(userId, type, openid, empty);
      if ("conflict" in r) {
        const message = r.conflict === "account" ? bindingMessages.takenAccount : bindingMessages.takenProvider;
        throw new DomainError("already_exists", message);
      }
    },
    async unbound(openid) {
      return { oauthType: type, openid, session: await prove(type, openid) };
    },
  };
}
