// Stored settings → what other services read over ConfigInternalAPI, secrets included (mail, SMS, pay,
// WeChat, OAuth providers, code lifetimes). Never sent to browsers: the public side is settings.mapper.ts.
import { create } from "@bufbuild/protobuf";
import {
  type MailSettings,
  MailSettingsSchema,
  type MiniProgramSettings,
  MiniProgramSettingsSchema,
  type OAuthSettings,
  OAuthSettingsSchema,
  type OfficialAccountSettings,
  OfficialAccountSettingsSchema,
  type PaySettings,
  PaySettingsSchema,
  type SmsSettings,
  SmsSettingsSchema,
  type VerificationSettings,
  VerificationSettingsSchema,
} from "@wenku/proto/api/v1/config_internal_pb.js";
import { smtpSettingsOf } from "./mail.check.js";
import type { ConfigValues } from "./values.js";

/** Category email with its secret (ConfigInternalAPI.GetMailSettings); the sender's name defaults to the site's. */
export function toMailSettings(v: ConfigValues): MailSettings {
  const smtp = smtpSettingsOf(v);
  return create(MailSettingsSchema, {
    enable: v.bool("email", "enable"),
    host: smtp.host,
    port: smtp.port,
    isTls: smtp.secure,
    username: smtp.username,
    password: smtp.password,
    fromName: smtp.fromName,
    linkMinutes: v.int("email", "duration"),
  });
}

/** The verification codes' lifetimes in minutes (ConfigInternalAPI.GetVerificationSettings). */
export function toVerificationSettings(v: ConfigValues): VerificationSettings {
  return create(VerificationSettingsSchema, {
    emailCodeMinutes: v.int("email", "code_duration"),
    smsCodeMinutes: v.int("sms", "code_duration"),
  });
}

/** The pay categories with their secrets and the order time limit: ConfigInternalAPI only. */
export function toPaySettings(v: ConfigValues): PaySettings {
  return create(PaySettingsSchema, {
    alipayEnable: v.bool("alipay", "enable"),
    alipayAppId: v.str("alipay", "app_id"),
    alipayPrivateKey: v.str("alipay", "private_key"),
    alipayPublicKey: v.str("alipay", "public_key"),
    alipaySandbox: v.bool("alipay", "sandbox"),
    alipayGatewayUrl: v.str("alipay", "gateway_url"),
    wechatpayEnable: v.bool("wechatpay", "enable"),
    wechatpayAppId: v.str("wechatpay", "app_id"),
    wechatpayMchId: v.str("wechatpay", "mch_id"),
    wechatpaySerialNo: v.str("wechatpay", "serial_no"),
    wechatpayApiV3Key: v.str("wechatpay", "api_v3_key"),
    wechatpayPrivateKey: v.str("wechatpay", "private_key"),
    wechatpayBaseUrl: v.str("wechatpay", "base_url"),
    wechatpayPublicKey: v.str("wechatpay", "public_key"),
    wechatpayPublicKeyId: v.str("wechatpay", "public_key_id"),
    sandboxEnable: v.bool("sandboxpay", "enable"),
    orderExpireMinutes: v.int("score", "order_expire_minutes"),
  });
}

/** Category sms and the keys of the provider category it names (secrets included): ConfigInternalAPI only. */
export function toSmsSettings(v: ConfigValues, providerKeyNames: (category: string) => readonly string[]): SmsSettings {
  const provider = v.str("sms", "sms_provider");
  return create(SmsSettingsSchema, {
    enable: v.bool("sms", "enable"),
    provider,
    interval: v.int("sms", "interval"),
    keys: Object.fromEntries(providerKeyNames(provider).map((name) => [name, v.str(provider, name)])),
  });
}

/** The WeChat mini program's keys with its secret: ConfigInternalAPI only (the user service). */
export function toMiniProgramSettings(v: ConfigValues): MiniProgramSettings {
  return create(MiniProgramSettingsSchema, {
    enable: v.bool("mp", "enable"),
    appId: v.str("mp", "app_id"),
    appSecret: v.str("mp", "app_secret"),
    apiBaseUrl: v.str("oauthOfficialAccount", "api_base_url"),
    scanPage: v.str("mp", "scan_page"),
    envVersion: v.str("mp", "env_version"),
  });
}

/** The WeChat official account's keys with its secrets: ConfigInternalAPI only (the user service). */
export function toOfficialAccountSettings(v: ConfigValues): OfficialAccountSettings {
  return create(OfficialAccountSettingsSchema, {
    enable: v.bool("oauthOfficialAccount", "enable"),
    appId: v.str("oauthOfficialAccount", "client_id"),
    appSecret: v.str("oauthOfficialAccount", "client_secret"),
    token: v.str("oauthOfficialAccount", "token"),
    apiBaseUrl: v.str("oauthOfficialAccount", "api_base_url"),
    encodingAesKey: v.str("oauthOfficialAccount", "encoding_aes_key"),
  });
}

/** The login providers' categories (with their client secrets): ConfigInternalAPI only. */
const OAUTH_CATEGORIES: ReadonlyArray<readonly [number, string]> = [
  [1, "oauthQQ"],
  [2, "oauthWechat"],
  [3, "oauthGitee"],
  [4, "oauthGithub"],
  [6, "oauthCustom"],
  [7, "oauthGoogle"],
];

export function toOAuthSettings(v: ConfigValues): OAuthSettings {
  return create(OAuthSettingsSchema, {
    providers: OAUTH_CATEGORIES.map(([type, c]) => ({
      type,
      enable: v.bool(c, "enable"),
      clientId: v.str(c, "client_id"),
      clientSecret: v.str(c, "client_secret"),
      name: v.str(c, "name"),
      icon: v.str(c, "icon"),
      issuer: v.str(c, "issuer"),
      authorizeUrl: v.str(c, "authorize_url"),
      tokenUrl: v.str(c, "token_url"),
      userinfoUrl: v.str(c, "userinfo_url"),
      scope: v.str(c, "scope"),
    })),
    linkVerifiedEmail: v.bool("security", "oauth_link_verified_email"),
  });
}
