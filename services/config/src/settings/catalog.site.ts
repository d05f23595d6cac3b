// Keys of the categories the public settings are made of (system, footer, security, display,
// download) plus captcha and converter. Keys, labels and defaults follow moredoc's
// model/config.go initConfig, with its insecure defaults replaced (random signing keys).
import { type ConfigKey, keysOf, NON_NEGATIVE, randomSecret } from "./catalog.types.js";

/** Document extensions the product knows (spec §9 "Extension to type"). */
export const DOCUMENT_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "rtf",
  "wps",
  "odt",
  "dot",
  "ppt",
  "pptx",
  "pps",
  "ppsx",
  "dps",
  "odp",
  "pot",
  "xls",
  "xlsx",
  "et",
  "ods",
  "csv",
  "tsv",
  "txt",
  "epub",
  "mobi",
  "chm",
  "umd",
  "azw",
  "azw3",
  "azw4",
] as const;

const system = keysOf("system");
const footer = keysOf("footer");
const security = keysOf("security");
const display = keysOf("display");
const captcha = keysOf("captcha");
const converter = keysOf("converter");
const download = keysOf("download");

export const siteKeys: ConfigKey[] = [
  system.text("sitename", "网站名称", "文库", "请输入您网站的名称，如：文库"),
  system.text(
    "domain",
    "【重要】网站域名",
    "",
    "请输入您网站的域名访问地址，带 https:// 或 http:// 如 https://wenku.example.com，用以生成网站地图sitemap",
    { format: "url" },
  ),
  system.text("title", "首页标题", "文库", "请输入您网站的首页标题，如：文库，强大、专业的文库系统"),
  system.text("keywords", "网站关键字", "文库", "请输入您网站的关键字"),
  system.textarea("description", "网站描述", "文库", "请输入您网站的描述"),
  system.text("recommend_words", "首页搜索推荐词", "", "网站首页搜索推荐关键字，多个关键字用英文逗号分隔"),
  system.image("logo", "网站Logo", "", "请上传一张图片作为网站Logo(透明背景，以便网站底部logo反色展示)"),
  system.image(
    "favicon",
    "网站Favicon",
    "",
    "请上传一张方方正正的小图片作为网站favicon（JPG、PNG、GIF 或 WebP，建议 PNG，边长 32 像素以上）",
  ),
  system.image("register_background", "注册页背景图", "", "请上传一张图片作为注册页背景图"),
  system.image("login_background", "登录页背景图", "", "请上传一张图片作为登录页背景图"),
  system.text("sec_icp", "公网安备", "", "请输入您网站的公网安备备案号"),
  system.text("icp", "网站备案号", "", "请输入您网站的备案号"),
  system.text(
    "copyright_start_year",
    "版权起始年",
    String(new Date().getFullYear()),
    "请输入您网站版权起始年，如：2019，则前台会显示如 ©2019 - 20xx 的字样",
  ),
  system.textarea("analytics", "网站统计代码", "", "请输入您网站的统计代码，当前只支持百度统计"),
  system.switch("enable_powered_by", "显示 Powered by", "true", "是否在网站底部显示 Powered by Wenku"),
  system.switch("enable_watermark", "文档页面水印", "false", "是否在文档预览页面图片上添加水印"),
  system.text("watermark", "水印文字", "", "文档预览页面的水印文字，留空则使用网站名称"),

  footer.text("about", "关于我们", "/article/about", "请输入关于我们的链接地址，留空表示不显示", { format: "link" }),
  footer.text("contact", "联系我们", "/article/contact", "请输入联系我们的链接地址，留空表示不显示", {
    format: "link",
  }),
  footer.text("agreement", "文库协议", "/article/agreement", "请输入文库协议的链接地址，留空表示不显示", {
    format: "link",
  }),
  footer.text("copyright", "免责声明", "/article/copyright", "请输入免责声明的链接地址，留空表示不显示", {
    format: "link",
  }),
  footer.text("feedback", "意见反馈", "/article/feedback", "请输入意见反馈的链接地址，留空表示不显示", {
    format: "link",
  }),

  security.number(
    "max_document_size",
    "最大文档大小(MB)",
    "50",
    "允许用户上传的最大文档大小，默认为50，即50MB。服务端按此限制上传大小",
    { min: 1, max: 10240 },
  ),
  security.number("comment_interval", "评论时间间隔", "10", "用户评论时间间隔，单位为秒。0表示不限制。", NON_NEGATIVE),
  security.number(
    "document_related_duration",
    "文档的【相关文档】有效期",
    "7",
    "文档的相关联文档的有效期，默认为7，即7天，0表示不开启相关文档功能",
    NON_NEGATIVE,
  ),
  security.number(
    "attachment_retention_minute",
    "从回收站清除的文档文件保留时长",
    "1440",
    "单位为分钟，默认为1440，即24小时。设为 0 则表示即时删除文档文件，用以释放存储空间。",
    NON_NEGATIVE,
  ),
  security.number(
    "search_record_retention_days",
    "搜索记录保留天数",
    "7",
    "单位为天，默认为7，即7天。0表示不记录用户搜索记录。",
    NON_NEGATIVE,
  ),
  security["select-multi"]("document_allowed_ext", "允许上传的文档类型", "", "留空表示允许程序所支持的全部文档类型", {
    options: DOCUMENT_EXTENSIONS.map((e) => `${e}:${e}`).join("\n"),
  }),
  security.switch("is_close", "是否关闭网站", "false", "关闭网站后，只有管理员可以访问，其他人只能登录或查看闭站说明"),
  security.textarea(
    "close_statement",
    "闭站说明",
    "<p>网站维护中，暂时无法访问，请稍后再来。</p>",
    "关闭网站后，页面提示内容（支持HTML）",
  ),
  security.switch("enable_register", "是否允许注册", "true", "请选择是否允许用户注册"),
  security.switch(
    "oauth_link_verified_email",
    "第三方登录按已验证邮箱关联账号",
    "false",
    "开启后，第三方账号首次登录时若提供方确认其邮箱已验证，且本站已有使用该邮箱的账号，则直接登录该账号并绑定；关闭时须登录后手动绑定",
  ),
  security.switch("login_required", "是否登录才能访问", "false", "用户是否登录了才能访问（服务端强制）"),
  security.switch("enable_captcha_login", "是否开启登录验证码", "false", "请选择是否开启登录验证码"),
  security.switch("enable_captcha_register", "是否开启注册验证码", "false", "请选择是否开启注册验证码"),
  security.switch("enable_captcha_comment", "是否开启评论验证码", "false", "请选择是否开启评论验证码"),
  security.switch("enable_captcha_find_password", "是否开启找回密码验证码", "false", "请选择是否开启找回密码验证码"),
  security.switch("enable_captcha_upload", "是否开启上传文档验证码", "false", "请选择是否开启上传文档验证码"),
  security.switch("enable_verify_register_email", "是否开启注册邮箱验证", "false", "用户注册时是否需要验证邮箱"),

  display.switch("show_document_count", "是否显示文档数", "true", "是否显示网站文档数"),
  display.switch("show_document_download_count", "是否显示文档下载数", "true", "是否显示文档被下载次数"),
  display.switch("show_document_view_count", "是否显示文档浏览数", "true", "是否显示文档被浏览次数"),
  display.switch("show_document_favorite_count", "是否显示文档收藏数", "true", "是否显示文档被收藏次数"),
  display.switch("show_register_user_count", "是否显示注册用户数", "true", "网站首页，是否显示注册用户数"),
  display.number(
    "virtual_register_count",
    "网站虚拟注册用户数",
    "0",
    "网站首页显示的用户数=真实注册用户数+虚拟注册用户数",
    NON_NEGATIVE,
  ),
  display.switch("show_document_descriptions", "是否显示文档摘要", "true", "文档阅读页面，是否显示文档摘要等信息"),
  display.switch("show_index_categories", "是否显示横栏分类", "true", "网站首页中间横栏位置，是否显示分类"),
  display.select("index_document_style", "首页文档展示方式", "card", "默认为卡片方式", {
    options: "card:卡片\nlist:列表",
  }),
  display.select("home_version", "首页版本", "v1", "默认为V1版", { options: "v1:V1版\nv2:V2版" }),
  display.number(
    "pages_per_read",
    "文档【继续阅读】的页数",
    "5",
    "用户阅读文档，每次点击继续阅读按钮时阅读的页数，默认为5，表示5页",
    { min: 1, max: 100 },
  ),
  display.number(
    "max_search_pages",
    "文档搜索结果最大页数",
    "100",
    "搜索结果，默认最大展示100页，0表示不限制",
    NON_NEGATIVE,
  ),
  display.textarea(
    "copyright_statement",
    "版权声明",
    "本站文档数据由用户上传，仅供学习交流，如侵犯您的权益，请联系我们进行删除。",
    "网站最底部版权声明，支持HTML",
  ),
  display.switch("hide_keywords_on_lists", "隐藏关键字", "false", "文档列表页，是否隐藏右侧关键字"),
  display.switch(
    "copy_protect",
    "禁止复制文档文字",
    "false",
    "开启后，阅读页的文字层仍用于搜索高亮和读屏软件，但不能选中或复制文字",
  ),
  display.switch(
    "hide_category_without_document",
    "隐藏无文档分类",
    "false",
    "对于分类下没有文档的分类，是否在前台页面进行隐藏",
  ),
  display.text(
    "wechat_tip",
    "微信/微信公众号提示文案",
    "我们的公众号同样精彩",
    "全局右下角【固定栏】微信/微信公众号提示文案",
  ),
  display.image(
    "wechat_qrcode",
    "微信/微信公众号二维码",
    "",
    "全局右下角【固定栏】微信/微信公众号二维码图片。不存在则不显示",
  ),
  display.text(
    "contact_tip",
    "联系我们提示文案",
    "联系我们，反馈您的意见与建议",
    "全局右下角【固定栏】联系我们的提示文案",
  ),
  display.text("contact_link", "联系我们跳转链接", "", "全局右下角【固定栏】联系我们链接地址。不存在则不显示", {
    format: "link",
  }),

  captcha.number("height", "验证码高度", "60", "请输入验证码高度，默认为60", { min: 20, max: 400 }),
  captcha.number("width", "验证码宽度", "240", "请输入验证码宽度，默认为240", { min: 60, max: 1000 }),
  captcha.number("length", "验证码长度", "5", "请输入验证码长度，默认为5", { min: 3, max: 10 }),
  captcha.select("type", "验证码类型", "digit", "请选择验证码类型，默认为数字", {
    options: "digit:数字\nstring:字符\nmath:算术",
  }),

  converter.number(
    "max_preview_percent",
    "最大预览页数百分比",
    "100",
    "百分比数值，填1~100，0和100均表示不限制。与【最大预览页数】一起，取两者中的最小值",
    { min: 0, max: 100 },
  ),
  converter.number("max_preview", "最大预览页数", "12", "文档允许的最大预览页数，0表示不限制", NON_NEGATIVE),
  converter.number("timeout", "转换超时(分钟)", "30", "文档转换超时时间，默认为30分钟", { min: 1, max: 1440 }),
  converter.select("extension", "预览格式", "svg", "将文档转为特定格式以供预览", { options: "svg:SVG\npng:PNG" }),
  converter.switch(
    "enable_convert_repeated_document",
    "是否转换重复文档",
    "false",
    "对于已转换过的文档，再次被上传时是否再转换一次",
  ),
  converter.switch(
    "enable_gzip",
    "是否启用GZIP压缩",
    "true",
    "是否对文档SVG预览文件启用GZIP压缩，可减少约75%的存储空间",
  ),
  converter.switch("enable_svgo", "是否启用SVGO", "false", "是否对文档SVG预览文件启用SVGO压缩，转换效率会明显下降"),

  download.switch("enable_guest_download", "是否允许游客下载", "false", "启用之后，未登录用户可以下载免费文档"),
  download.number(
    "free_download_duration",
    "购买文档后多少天内允许免费重复下载",
    "7",
    "购买后多少天内可免费重复下载（默认 7 天）；0 表示每次下载都需重新购买（每次购买只能下载一次）",
    NON_NEGATIVE,
  ),
  download.number("url_duration", "下载链接有效时长(秒)", "60", "生成文档下载链接后多少秒之后链接失效", {
    min: 1,
    max: 86400,
  }),
  download.number(
    "times_every_day",
    "允许登录用户每天下载次数",
    "10",
    "允许登录用户每天下载次数，0表示不允许下载",
    NON_NEGATIVE,
  ),
  download.number(
    "times_every_ip",
    "允许每个IP每天下载次数",
    "10",
    "允许每个IP每天下载的次数，0表示不允许下载（针对所有用户）",
    NON_NEGATIVE,
  ),
  download.number("max_price", "文档最高售价", "0", "上传者可为文档设置的最高价格（积分），0表示不限制", NON_NEGATIVE),
  download.password("secret_key", "链接签名密钥", "", "用于签名下载链接；首次启动时随机生成，请勿泄露", {
    generate: randomSecret,
  }),
];
