// SMS keys as moredoc Pro's back office (短信配置) edits them: category sms holds the switch, the
// code rules and `sms_provider`, whose value names the category holding that provider's keys (one
// category per provider). Only the configuration lives here: sending (each vendor's request signing)
// is issue #26's. Migration 0004_sms_providers_official_account moved the older single set of keys
// into the category of the provider that was chosen.
import type { ConfigKey } from "./catalog.types.js";
import { keysOf } from "./catalog.types.js";

/** A provider's credential keys, as its console names them: [kind, name, label, default, help]. */
type Credential = readonly ["text" | "password", string, string, string, string];

/**
 * One row a provider, in the order the back office lists them: its category as moredoc names it
 * (smsProviderOptions), its label, its credentials, the default API address ("" when it has none)
 * and what its signature is.
 */
const PROVIDERS: ReadonlyArray<{
  category: string;
  title: string;
  credentials: readonly Credential[];
  endpoint: string;
  signHelp: string;
}> = [
  {
    category: "smsAliyun",
    title: "阿里云",
    credentials: [
      ["text", "access_key_id", "AccessKey ID", "", "阿里云 RAM 用户的 AccessKey ID"],
      ["password", "access_key_secret", "AccessKey Secret", "", "阿里云 RAM 用户的 AccessKey Secret"],
    ],
    endpoint: "https://dysmsapi.aliyuncs.com",
    signHelp: "阿里云短信服务中审核通过的签名名称",
  },
  {
    category: "smsTencent",
    title: "腾讯云",
    credentials: [
      ["text", "secret_id", "SecretId", "", "腾讯云 API 密钥的 SecretId"],
      ["password", "secret_key", "SecretKey", "", "腾讯云 API 密钥的 SecretKey"],
      ["text", "sdk_app_id", "短信应用 SdkAppId", "", "腾讯云短信控制台中应用的 SdkAppId"],
      ["text", "region", "地域", "ap-guangzhou", "腾讯云短信的地域，如 ap-guangzhou"],
    ],
    endpoint: "https://sms.tencentcloudapi.com",
    signHelp: "腾讯云短信中审核通过的签名内容",
  },
  {
    category: "smsBaidu",
    title: "百度云",
    credentials: [
      ["text", "access_key_id", "Access Key ID", "", "百度智能云的 Access Key ID（AK）"],
      ["password", "secret_access_key", "Secret Access Key", "", "百度智能云的 Secret Access Key（SK）"],
    ],
    endpoint: "https://smsv3.bj.baidubce.com",
    signHelp: "百度智能云短信的签名 ID（signatureId）",
  },
  {
    category: "smsHuawei",
    title: "华为云",
    credentials: [
      ["text", "app_key", "Application Key", "", "华为云消息&短信应用的 Application Key"],
      ["password", "app_secret", "Application Secret", "", "华为云消息&短信应用的 Application Secret"],
      ["text", "sender", "签名通道号", "", "华为云短信签名的通道号（sender）"],
    ],
    endpoint: "https://smsapi.cn-north-4.myhuaweicloud.com:443",
    signHelp: "华为云短信中审核通过的签名名称",
  },
  {
    category: "smsHaomas",
    title: "浩信",
    credentials: [
      ["text", "account", "账号", "", "浩信短信平台的账号"],
      ["password", "api_key", "接口密钥", "", "浩信短信平台的接口密钥"],
    ],
    endpoint: "",
    signHelp: "浩信短信平台中审核通过的签名",
  },
];

/** The provider categories, as moredoc names them (its smsProviderOptions), with their labels. */
export const SMS_PROVIDERS = PROVIDERS.map((p) => [p.category, p.title] as const);

/**
 * The development provider (no category, no keys): the user service writes the code to its log and
 * refuses it unless NODE_ENV is development.
 */
export const SMS_LOG_PROVIDER = ["smsLog", "仅打印到服务器日志（开发用）"] as const;

/** A provider's keys: its credentials, then its signature, the three code templates and its API address. */
function providerKeys({ category, title, credentials, endpoint, signHelp }: (typeof PROVIDERS)[number]): ConfigKey[] {
  const k = keysOf(category);
  const template = (name: string, what: string) =>
    k.text(`template_${name}`, `${what}验证码模板`, "", `${title}${what}验证码短信的模板 ID（模板变量为验证码）`);
  return [
    ...credentials.map(([kind, name, label, value, help]) => k[kind](name, label, value, help)),
    k.text("sign_name", "短信签名", "", signHelp),
    template("register", "注册"),
    template("login", "登录"),
    template("find_password", "找回密码"),
    k.text(
      "endpoint",
      "接口地址",
      endpoint,
      endpoint
        ? `${title}短信 API 的地址，默认 ${endpoint}，一般无需修改；须为 https:// 地址`
        : `${title}短信 API 的地址，须为 https:// 地址`,
      { format: "endpoint" },
    ),
  ];
}

const sms = keysOf("sms");

export const smsKeys: ConfigKey[] = [
  sms.switch("enable", "是否启用短信服务", "false", "启用后可以使用手机号注册、登录和找回密码"),
  sms.select(
    "sms_provider",
    "短信服务商",
    "smsAliyun",
    "发送短信的服务商；该服务商的密钥、签名和模板在它自己的配置里填写",
    {
      options: [...SMS_PROVIDERS, SMS_LOG_PROVIDER].map(([value, label]) => `${value}:${label}`).join("\n"),
    },
  ),
  sms.number("code_duration", "验证码有效期(分钟)", "5", "短信验证码有效期，单位为分钟", { min: 1, max: 60 }),
  sms.number("interval", "发送间隔(秒)", "60", "同一手机号两次发送之间的最短间隔，单位为秒", { min: 0, max: 3600 }),
  ...PROVIDERS.flatMap(providerKeys),
];
