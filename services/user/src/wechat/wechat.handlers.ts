import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  type OAuthAPI,
  OAuthLoginReplySchema,
  UserOAuthSchema,
  WechatMPScanStatusReplySchema,
} from "@wenku/proto/api/v1/oauth_pb.js";
import type { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { toPendingOAuth } from "../oauth/oauth.mapper.js";
import type { UserCountsFiller } from "../users/user.handlers.js";
import { toFullUser } from "../users/user.mapper.js";
import type { UserService } from "../users/user.service.js";
import type { MiniLogin } from "./mini.service.js";
import type { ScanService } from "./scan.service.js";
import type { ShareService } from "./share.service.js";

type SignedIn = Awaited<ReturnType<UserService["signInAs"]>>["user"];

export interface WechatDomain {
  scan: ScanService<SignedIn>;
  share: ShareService;
  mini: MiniLogin<SignedIn>;
  /** The shown user with its counts (users/user.counts.ts). */
  withCounts: UserCountsFiller;
}

/**
 * OAuthAPI's WeChat RPCs: the official account's scan-to-login (or bind), the JS-SDK share signature
 * and the mini program's login and scan confirmation.
 */
export function createWechatHandlers({
  scan,
  share,
  mini,
  withCounts,
}: WechatDomain): Pick<
  ServiceImpl<typeof OAuthAPI>,
  "getWechatMPScanCode" | "getWechatMPScanLoginStatus" | "getWxShareSignature" | "loginWechatMP" | "wechatMPScanLogin"
> {
  return {
    async loginWechatMP(req, ctx) {
      const out = await mini.login(actor(ctx), req.code);
      if ("pending" in out) return create(OAuthLoginReplySchema, { oauth: toPendingOAuth(out.pending) });
      const [shown] = await withCounts([toFullUser(out.signedIn.user)], true);
      return create(OAuthLoginReplySchema, { token: out.signedIn.session.token, user: shown });
    },
    async wechatMPScanLogin(req) {
      await mini.scanLogin(req.scene, req.code);
      return {};
    },
    async getWechatMPScanCode(req, ctx) {
      const s = await scan.start(actor(ctx), req.isBind);
      return { code: s.code, scene: s.scene, qrcode: s.qrcode, url: s.url, expiresAt: timestampFromDate(s.expiresAt) };
    },
    async getWechatMPScanLoginStatus(req, ctx) {
      const s = await scan.status(actor(ctx), req.scene);
      if (!s.scanned) return {};
      if ("bound" in s) return { scanned: true, success: true };
      if ("unbound" in s) return { scanned: true, oauth: create(UserOAuthSchema, s.unbound) };
      const [shown] = await withCounts([toFullUser(s.login.user)], true);
      return create(WechatMPScanStatusReplySchema, {
        scanned: true,
        success: true,
        token: s.login.session.token,
        user: shown,
      });
    },
    async getWxShareSignature(req) {
      const s = await share.signature(req.url);
      return { appid: s.appid, timestamp: BigInt(s.timestamp), noncestr: s.noncestr, signature: s.signature };
    },
  };
}

/** UserInternalAPI.HandleWechatPush: the gateway's /callback/wechat_official. */
export function createWechatPushHandlers(
  scan: ScanService<SignedIn>,
): Pick<ServiceImpl<typeof UserInternalAPI>, "handleWechatPush"> {
  return {
    async handleWechatPush(req) {
      return scan.push(req);
    },
  };
}
