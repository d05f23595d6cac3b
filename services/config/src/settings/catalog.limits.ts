// Throttling and quota keys of category security, added to moredoc's: per-user upload quotas, the
// unused-upload grace period and the login throttling thresholds. Public (ConfigSecurity): the
// services that enforce them read them from GetSettings, and the browser may explain them.
import { type ConfigKey, keysOf } from "./catalog.types.js";

const security = keysOf("security");

export const limitKeys: readonly ConfigKey[] = [
  security.number(
    "upload_max_per_day",
    "每人每日上传文档数量上限",
    "100",
    "每位用户 24 小时内最多可上传的文档数量，超出后需等待，提示会说明何时恢复。0 表示不限制。",
    { min: 0, max: 100_000 },
  ),
  security.number(
    "upload_max_mb_per_day",
    "每人每日上传文档总大小上限(MB)",
    "2048",
    "每位用户 24 小时内最多可上传的文档总大小，单位为 MB。0 表示不限制。",
    { min: 0, max: 1_048_576 },
  ),
  security.number(
    "unused_attachment_hours",
    "未使用上传文件保留时长(小时)",
    "24",
    "上传后一直未被任何文档使用的文件，超过该时长后自动删除（连同存储的文件）。0 表示不删除。",
    { min: 0, max: 8760 },
  ),
  security.number(
    "login_max_fails_per_ip",
    "单个 IP 每日登录失败上限",
    "100",
    "同一 IP 地址 24 小时内登录失败超过该次数后，从该地址登录需要输入验证码，且每分钟最多失败 10 次（曾在该地址成功登录的账号不受次数限制）；不会因此拒绝该地址的所有登录。",
    { min: 10, max: 100_000 },
  ),
  security.number(
    "login_max_consecutive_fails",
    "同一账号连续登录失败上限",
    "10",
    "同一账号在同一 IP 地址连续输错密码超过该次数后，该地址需等待 1 小时才能再次登录该账号；账号主人从其他地址登录不受影响。",
    { min: 3, max: 1000 },
  ),
];
