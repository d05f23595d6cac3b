// Keys of outside services: payment, third-party login, full-text search and the mini program.
// The categories carry the names moredoc's back office asks for (pay → wechatpay / alipay /
// xunhupay, oauth → oauthWechat / oauthOfficialAccount / oauthQQ / …, search → fulltext_search,
// miniprogram → mp), so its config pages load them. xunhupay (虎皮椒) is stored only: no payment
// provider reads it yet (its labels say so). The user service reads oauthOfficialAccount with its
// secrets through ConfigInternalAPI.GetOfficialAccountSettings (scan-to-login, the share signature). The order
// service reads the other pay categories with their secrets through ConfigInternalAPI.GetPaySettings;
// everyone else sees them masked. Migrations 0002_moredoc_categories and
// 0004_sms_providers_official_account moved older rows here.
import type { ConfigKey } from "./catalog.types.js";
import { keysOf } from "./catalog.types.js";

/** The platforms' production endpoints (the order service's providers fall back to the same). */
const ALIPAY_GATEWAY = "https://openapi.alipay.com/gateway.do";
const ALIPAY_SANDBOX_GATEWAY = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";
const WECHATPAY_BASE_URL = "https://api.mch.weixin.qq.com";
const XUNHUPAY_GATEWAY = "https://api.xunhupay.com/payment/do.html";
const WECHAT_API = "https://api.weixin.qq.com";

const wechatpay = keysOf("wechatpay");
const alipay = keysOf("alipay");
const xunhupay = keysOf("xunhupay");
const sandboxpay = keysOf("sandboxpay");
const search = keysOf("fulltext_search");
const mp = keysOf("mp");

/** One third-party login provider in its own category: switch, client id and (secret) client secret. */
function oauthProvider(category: string, title: string): ConfigKey[] {
  const k = keysOf(category);
  return [
    k.switch("enable", `启用${title}登录`, "false", `是否允许使用${title}账号登录`),
    k.text("client_id", `${title} Client ID`, "", `${title}开放平台应用的 Client ID / AppID`),
    k.password("client_secret", `${title} Client Secret`, "", `${title}开放平台应用的密钥`),
  ];
}

const oauthOfficialAccount = keysOf("oauthOfficialAccount");
const oauthCustom = keysOf("oauthCustom");

export const integrationKeys: ConfigKey[] = [
  wechatpay.switch("enable", "启用微信支付", "false", "是否启用微信支付"),
  wechatpay.text("app_id", "微信支付 AppID", "", "微信支付绑定的公众号或小程序 AppID"),
  wechatpay.text("mch_id", "微信支付商户号", "", "微信支付商户号"),
  wechatpay.text("serial_no", "商户证书序列号", "", "微信支付商户 API 证书序列号"),
  wechatpay.password("api_v3_key", "APIv3 密钥", "", "微信支付 APIv3 密钥"),
  // Multi-line PEM keys: a secret textarea (a password input would drop the line breaks).
  wechatpay.textarea("private_key", "商户私钥", "", "微信支付商户 API 私钥（PEM）", { secret: true }),
  wechatpay.text(
    "public_key_id",
    "微信支付公钥 ID",
    "",
    "微信支付公钥模式：公钥 ID（PUB_KEY_ID_ 开头），与下方微信支付公钥一起填写；使用平台证书的商户留空",
  ),
  wechatpay.textarea(
    "public_key",
    "微信支付公钥",
    "",
    "微信支付公钥（PEM），在商户平台「账户中心 - API安全」申请并下载；填写后应答和回调用它验签，不再下载平台证书",
  ),
  wechatpay.text(
    "base_url",
    "微信支付 API 地址",
    WECHATPAY_BASE_URL,
    `微信支付 API v3 的地址，默认 ${WECHATPAY_BASE_URL}（正式环境），一般无需修改；须为 https:// 地址`,
    { format: "endpoint" },
  ),

  alipay.switch("enable", "启用支付宝", "false", "是否启用支付宝支付"),
  alipay.text("app_id", "支付宝 AppID", "", "支付宝开放平台应用 AppID"),
  alipay.textarea("private_key", "应用私钥", "", "支付宝应用私钥（PEM）", { secret: true }),
  alipay.textarea("public_key", "支付宝公钥", "", "支付宝公钥，用于验证回调签名"),
  alipay.switch("sandbox", "支付宝沙箱环境", "false", "是否使用支付宝沙箱环境（测试用）"),
  alipay.text(
    "gateway_url",
    "支付宝网关地址",
    ALIPAY_GATEWAY,
    `支付宝开放平台网关，默认 ${ALIPAY_GATEWAY}（正式环境）；沙箱网关为 ${ALIPAY_SANDBOX_GATEWAY}。` +
      "保持默认值并打开「支付宝沙箱环境」时使用沙箱网关；须为 https:// 地址",
    { format: "endpoint" },
  ),
  xunhupay.switch(
    "enable",
    "启用虎皮椒支付（暂未接入，仅保存配置）",
    "false",
    "本版本尚未接入虎皮椒收款：这里的配置只会保存，收银台不会提供虎皮椒支付",
  ),
  xunhupay.text("name", "支付方式名称", "虎皮椒支付", "收银台上显示的名称，如：微信支付（虎皮椒）"),
  xunhupay.text("app_id", "虎皮椒 APPID", "", "虎皮椒后台的 APPID（不是公众号或小程序的 AppID）"),
  xunhupay.password("app_secret", "虎皮椒 APPSECRET", "", "虎皮椒后台的 APPSECRET，用于签名和验证回调"),
  xunhupay.text(
    "gateway_url",
    "虎皮椒支付网关",
    XUNHUPAY_GATEWAY,
    `虎皮椒发起付款的接口地址，默认 ${XUNHUPAY_GATEWAY}；须为 https:// 地址`,
    { format: "endpoint" },
  ),
  sandboxpay.switch(
    "enable",
    "启用模拟支付（演示/测试用，不收款）",
    "false",
    "仅供演示和测试：用模拟支付付款的订单直接记为已支付，不会真正收款。正式站点请勿开启",
  ),

  ...oauthProvider("oauthWechat", "微信"),
  oauthOfficialAccount.switch("enable", "启用微信公众号登录", "false", "是否允许在微信内通过公众号授权登录"),
  oauthOfficialAccount.text("client_id", "公众号 AppID", "", "微信公众平台「设置与开发 - 基本配置」中的 AppID"),
  oauthOfficialAccount.password("client_secret", "公众号 AppSecret", "", "微信公众平台的 AppSecret（开发者密码）"),
  oauthOfficialAccount.password(
    "token",
    "公众号 Token",
    "",
    "微信公众平台「设置与开发 - 基本配置 - 服务器配置」中填写的令牌（Token）；服务器地址（URL）填写 https://你的域名/callback/wechat_official",
  ),
  oauthOfficialAccount.password(
    "encoding_aes_key",
    "公众号 EncodingAESKey",
    "",
    "「服务器配置」的消息加解密密钥（43 位字母和数字）；消息加解密方式选「安全模式」或「兼容模式」时必填，「明文模式」留空",
  ),
  oauthOfficialAccount.text(
    "api_base_url",
    "微信 API 地址",
    WECHAT_API,
    `微信公众平台接口的地址，默认 ${WECHAT_API}，一般无需修改；须为 https:// 地址`,
    { format: "endpoint" },
  ),
  ...oauthProvider("oauthQQ", "QQ"),
  ...oauthProvider("oauthGithub", "GitHub"),
  ...oauthProvider("oauthGitee", "Gitee"),
  ...oauthProvider("oauthGoogle", "Google"),
  ...oauthProvider("oauthCustom", "自定义OAuth2"),
  oauthCustom.text("name", "自定义OAuth2名称", "", "登录按钮上显示的名称"),
  oauthCustom.image("icon", "自定义OAuth2图标", "", "登录按钮上显示的图标"),
  oauthCustom.text(
    "issuer",
    "OpenID Connect 发现地址",
    "",
    "OpenID Connect 提供方的 Issuer 或发现地址（…/.well-known/openid-configuration），如 Keycloak、Authentik、Azure AD、Casdoor；填写后按 OIDC 登录并校验 ID Token，下面三个 OAuth2 端点留空即可",
    { format: "url" },
  ),
  oauthCustom.text("scope", "授权范围", "", "留空时：OIDC 为 openid profile email，OAuth2 为 user"),
  oauthCustom.text("authorize_url", "授权地址", "", "OAuth2 authorize 端点", { format: "url" }),
  oauthCustom.text("token_url", "令牌地址", "", "OAuth2 token 端点", { format: "url" }),
  oauthCustom.text("userinfo_url", "用户信息地址", "", "返回用户信息的端点", { format: "url" }),

  search.select("driver", "搜索引擎", "database", "文档与文章的全文检索方式", {
    options: "database:数据库\nelasticsearch:Elasticsearch",
  }),
  search.text("elasticsearch_url", "Elasticsearch 地址", "", "如：http://127.0.0.1:9200", { format: "url" }),
  search.text("elasticsearch_username", "Elasticsearch 用户名", "", "留空表示无需认证"),
  search.password("elasticsearch_password", "Elasticsearch 密码", "", "Elasticsearch 密码"),
  search.text("elasticsearch_index", "索引名前缀", "wenku", "Elasticsearch 索引名前缀"),

  mp.switch("enable", "是否启用小程序", "false", "是否启用微信小程序"),
  mp.text("app_id", "小程序 AppID", "", "微信小程序 AppID"),
  mp.password("app_secret", "小程序 AppSecret", "", "微信小程序 AppSecret"),
  mp.text(
    "scan_page",
    "扫码登录页面",
    "",
    "网页扫码登录时，小程序码打开的页面，如 pages/login/scan（不以 / 开头、不带参数）；留空打开小程序首页。页面从 scene 参数读取扫码场景",
  ),
  mp.select("env_version", "小程序码版本", "release", "小程序码打开的小程序版本", {
    options: "release:正式版\ntrial:体验版\ndevelop:开发版",
  }),
];
