// OAuthAPI's thin edge: third-party login, binding and unbinding (the WeChat official account and
// mini-program RPCs of the same service are the wechat folder's, spread in beside these).
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  ListUserOAuthReplySchema,
  type OAuthAPI,
  OAuthConfigsSchema,
  OAuthLoginReplySchema,
  StartOAuthLoginReplySchema,
} from "@wenku/proto/api/v1/oauth_pb.js";
import type { UserCountsFiller } from "../users/user.handlers.js";
import { toFullUser } from "../users/user.mapper.js";
import { toOAuthConfig, toPendingOAuth, toUserOAuth } from "./oauth.mapper.js";
import type { OAuthService } from "./oauth.service.js";

export function createOAuthHandlers(
  oauth: OAuthService,
  withCounts: UserCountsFiller,
): Pick<
  ServiceImpl<typeof OAuthAPI>,
  | "getOAuthConfigs"
  | "startOAuthLogin"
  | "loginOAuth"
  | "bindOAuth"
  | "registerOAuth"
  | "listUserOAuth"
  | "deleteUserOAuth"
> {
  const signedIn = async ({
    user,
    session,
  }: {
    user: Parameters<typeof toFullUser>[0];
    session: { token: string };
  }) => {
    const [shown] = await withCounts([toFullUser(user)], true);
    return create(OAuthLoginReplySchema, { token: session.token, user: shown });
  };
  return {
    async getOAuthConfigs() {
      return create(OAuthConfigsSchema, { oauths: (await oauth.configs()).map(toOAuthConfig) });
    },
    async startOAuthLogin(req, ctx) {
      return create(StartOAuthLoginReplySchema, await oauth.start(actor(ctx), req));
    },
    async loginOAuth(req, ctx) {
      const out = await oauth.login(actor(ctx), req);
      if ("signedIn" in out) return signedIn(out.signedIn);
      if ("bound" in out) return create(OAuthLoginReplySchema, { bound: true, oauth: toUserOAuth(out.bound) });
      return create(OAuthLoginReplySchema, { oauth: toPendingOAuth(out.pending) });
    },
    async bindOAuth(req, ctx) {
      await oauth.bind(actor(ctx), req);
      return {};
    },
    async registerOAuth(req, ctx) {
      return signedIn(await oauth.register(actor(ctx), req));
    },
    async listUserOAuth(_req, ctx) {
      return create(ListUserOAuthReplySchema, { oauth: (await oauth.list(actor(ctx))).map(toUserOAuth) });
    },
    async deleteUserOAuth(req, ctx) {
      await oauth.unbind(actor(ctx), req.id);
      return {};
    },
  };
}
