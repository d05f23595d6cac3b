// Bindings and providers ↔ OAuthAPI messages. Never a client secret.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type OAuthConfig, OAuthConfigSchema, type UserOAuth, UserOAuthSchema } from "@wenku/proto/api/v1/oauth_pb.js";
import type { PublicProvider } from "./oauth.catalog.js";
import type { UserOAuthRow } from "./oauth.repository.js";
import type { LoginOutcome } from "./oauth.service.js";

export const toOAuthConfig = (p: PublicProvider): OAuthConfig =>
  create(OAuthConfigSchema, {
    type: p.type,
    name: p.name,
    icon: p.icon,
    clientId: p.clientId,
    redirectUrl: p.redirectUrl,
    authorizeUrl: p.authorizeUrl,
    enable: p.enable,
  });

export const toUserOAuth = (r: UserOAuthRow): UserOAuth =>
  create(UserOAuthSchema, {
    id: r.id,
    userId: r.userId,
    oauthType: r.type,
    openid: r.openid,
    username: r.username,
    nickname: r.nickname,
    avatar: r.avatar,
    email: r.email,
    createdAt: timestampFromDate(r.createdAt),
    updatedAt: timestampFromDate(r.updatedAt),
  });

/** An external account not bound yet, with the proof to bind or register it. */
export const toPendingOAuth = (p: Extract<LoginOutcome, { pending: unknown }>["pending"]): UserOAuth =>
  create(UserOAuthSchema, {
    oauthType: p.type,
    openid: p.openid,
    username: p.username ?? "",
    nickname: p.nickname ?? "",
    avatar: p.avatar ?? "",
    email: p.email ?? "",
    session: p.session,
  });
