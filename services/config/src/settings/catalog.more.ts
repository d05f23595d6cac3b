// Keys of the back-office-only categories: credits and recharge (score), e-mail, VIP, SSR, sitemap
// and release checks (payment, third-party login, search and mini program: catalog.integrations.ts;
// SMS: catalog.sms.ts).
import { type ConfigKey, keysOf, NON_NEGATIVE, randomSecret } from "./catalog.types.js";

const score = keysOf("score");
const email = keysOf("email");
const vip = keysOf("vip");
const ssr = keysOf("ssr");
const sitemap = keysOf("sitemap");
const release = keysOf("release");

/** score.recharge_discount of a new site: "credits:discount" per line. */
export const DEFAULT_RECHARGE_TIERS = "1000:1\n5000:0.95\n10000:0.9\n50000:0.85";

/**
 * The defaults the first VIP cards were seeded from (order migration 0003_vip): prices in cents,
 * discount in percent, downloads per card. What VIP costs is the order service's VIP cards
 * (/admin/user/vip): settings.vip and GetVipSettings show theirs; enable and icon below are the live
 * switches.
 */
function vipCard(prefix: string, title: string, price: number, original: number, downloads: number): ConfigKey[] {
  return [
    vip.number(`${prefix}_price`, `${title}价格(分)`, String(price), `${title}售价，单位为分`, NON_NEGATIVE),
    vip.number(
      `${prefix}_original_price`,
      `${title}原价(分)`,
      String(original),
      `${title}划线原价，单位为分`,
      NON_NEGATIVE,
    ),
    vip.number(`${prefix}_document_discount`, `${title}购买文档折扣(%)`, "85", "85表示八五折，100表示不打折", {
      min: 0,
      max: 100,
    }),
    vip.number(
      `${prefix}_download`,
      `${title}免费下载次数`,
      String(downloads),
      "有效期内可免费下载的文档数",
      NON_NEGATIVE,
    ),
    vip.number(`${prefix}_times_every_day`, `${title}每日下载上限`, "0", "每天最多下载次数，0表示不限制", NON_NEGATIVE),
  ];
}

export const moreKeys: ConfigKey[] = [
  score.text("credit_name", "积分名称", "积分", "请输入网站的积分名称，默认为积分"),
  score.number("register", "注册", "10", "注册时获得的积分", NON_NEGATIVE),
  score.number("sign_in", "签到", "1", "每日签到获得的积分", NON_NEGATIVE),
  score.number("delete_document", "删除文档", "1", "删除上传文档扣除的积分，0表示不扣除", NON_NEGATIVE),
  score.number("upload_document", "上传文档", "5", "上传一篇文档可获得的积分", NON_NEGATIVE),
  score.number(
    "upload_document_limit",
    "每日上传文档奖励次数",
    "1",
    "每天最多可以获得多少次文档上传奖励，0表示无奖励。",
    NON_NEGATIVE,
  ),
  score.number("document_collected", "文档被收藏", "1", "上传的文档被收藏后获得的积分", NON_NEGATIVE),
  score.number(
    "document_collected_limit",
    "每日文档被收藏奖励次数",
    "1",
    "每天最多可以获得多少次文档被收藏奖励，0表示无奖励。",
    NON_NEGATIVE,
  ),
  score.number("document_commented", "文档被评论", "1", "上传的文档被评论后获得的积分", NON_NEGATIVE),
  score.number(
    "document_commented_limit",
    "每日文档被评论奖励次数",
    "1",
    "每天最多可以获得多少次文档被评论奖励，0表示无奖励。",
    NON_NEGATIVE,
  ),
  score.switch("enable_recharge", "是否开启积分充值", "false", "开启后用户可以在线充值积分"),
  score.number("credit_exchange", "积分兑换比例", "100", "每1元可兑换的积分数", { min: 1, max: 1_000_000 }),
  score.number("order_expire_minutes", "订单支付时限(分钟)", "30", "未支付的订单在多少分钟后自动关闭", {
    min: 1,
    max: 10_080,
  }),
  // Tiers for a new site (10, 50, 100 and 500 yuan at the default exchange): moredoc Pro's recharge
  // box offers only the tiers besides a custom amount of 0, so an empty list makes its first order 0.
  score.textarea(
    "recharge_discount",
    "充值折扣",
    DEFAULT_RECHARGE_TIERS,
    "每行一档，格式为 充值积分:折扣，如 1000:0.95 表示充值满1000积分打九五折",
    { format: "tiers" },
  ),

  email.switch("enable", "是否启用邮件服务", "false", "邮件服务，用于找回账户密码"),
  email.text("host", "SMTP 服务器地址", "", "如：smtp.exmail.com"),
  email.number("port", "SMTP 服务器端口", "465", "如：465", { min: 1, max: 65535 }),
  email.switch("is_tls", "是否启用TLS", "true", "如果是TLS端口，请启用"),
  email.text("from_name", "发件人名称", "", "请输入您要展示的发件人名称"),
  email.text("username", "SMTP 账号", "", "请输入您的邮箱账户"),
  email.password("password", "SMTP 密码", "", "请输入您的邮箱密码"),
  email.number("duration", "邮件有效期", "30", "找回密码时链接有效期，默认为30，表示30分钟", { min: 1, max: 1440 }),
  email.number("code_duration", "验证码有效期(分钟)", "10", "邮箱验证码有效期，单位为分钟，默认为10", {
    min: 1,
    max: 60,
  }),
  email.password("secret", "签名密钥", "", "找回密码链接签名密钥；首次启动时随机生成", { generate: randomSecret }),
  email.text("test_email", "测试邮箱", "", "保存邮件配置时先向该邮箱发送测试邮件，发送失败则不保存；留空则不测试", {
    format: "email",
  }),

  vip.switch("enable", "是否开启VIP", "false", "开启后用户可以购买VIP"),
  vip.image("icon", "VIP图标", "", "显示在VIP用户头像旁的图标"),
  ...vipCard("year", "年卡", 19900, 29900, 300),
  ...vipCard("quarter", "季卡", 5900, 8900, 90),
  ...vipCard("month", "月卡", 1990, 2990, 30),

  ssr.switch(
    "enable",
    "是否启用服务端渲染",
    "true",
    "为搜索引擎爬虫输出服务端渲染的页面；关闭后所有页面只返回前端应用的页面",
  ),
  ssr.number("cache_seconds", "渲染缓存时长(秒)", "600", "服务端渲染结果的缓存时长，0表示不缓存", NON_NEGATIVE),

  sitemap.switch("auto_update", "自动更新站点地图", "true", "是否定时重新生成站点地图"),
  sitemap.number("update_interval_hours", "更新间隔(小时)", "24", "自动更新站点地图的间隔，单位为小时", {
    min: 1,
    max: 720,
  }),

  release.select("source", "版本检测来源", "none", "选择检测新版本的来源，不检测则不访问外网", {
    options: "none:不检测\nauto:自动检测\ngitee:Gitee\ngithub:GitHub",
  }),
  release.text("tag_name", "最新版版本号", "", ""),
  release.text("name", "版本发布名称", "", ""),
  release.textarea("body", "版本发布说明", "", ""),
  release.text("ignore", "忽略版本提示", "", ""),
];
