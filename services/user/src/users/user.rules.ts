import { cleanName, DomainError } from "@wenku/kit";
import unhomoglyph from "unhomoglyph";

/** Validation of account fields, with the spec's messages where it gives them. */
export const userMessages = {
  usernameRequired: "请输入您的登录用户名",
  usernameFormat: "用户名只能包含2-32位字母、数字、下划线或中划线",
  usernameTaken: "该用户名已被注册",
  passwordRequired: "请输入您的登录密码",
  passwordLength: "密码长度须为6-64位",
  oldPasswordRequired: "请输入您的原密码",
  newPasswordRequired: "请输入您的新密码",
  oldPasswordWrong: "原密码不正确",
  email: "请输入正确的电子邮箱",
  emailTaken: "该邮箱已被注册",
  emailRequired: "请输入电子邮箱",
  codeRequired: "请输入邮箱验证码",
  emailLocked: "邮箱设置后不能修改",
  mobile: "请输入正确的手机号码",
  mobileRequired: "请输入手机号码",
  mobileTaken: "该手机号已被注册",
  mobileLocked: "手机号设置后不能修改",
  badLogin: "用户名或密码不正确",
  disabled: "您的账号已被禁用",
  registerClosed: "网站已关闭注册",
  oauthEmailRequired: "本站注册需要已验证的邮箱，该第三方账号未提供已验证且未被使用的邮箱，请用邮箱注册后再绑定",
  notFound: "用户不存在",
  vipExpiryRequired: "请指定VIP到期时间",
  avatarUpload: "请上传图片作为头像",
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
} as const;

const USERNAME = /^[\p{L}\p{N}_-]{2,32}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * An avatar is an image uploaded to this site (POST /api/v1/upload/avatar → /uploads/<md5><ext>), never an
 * outside URL: a third-party image would tell its host the IP of every visitor of a page showing it.
 */
export const AVATAR = /^\/uploads\/[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

/** The stored avatar as shown: "" for anything that is not one of our uploads (rows from before the rule). */
export const shownAvatar = (avatar: string): string => (AVATAR.test(avatar) ? avatar : "");

export const MOBILE = /^1[3-9]\d{9}$/;

/** VIP at `now`: the membership ends after it (User.is_vip). */
export const isVipAt = (expiredAt: Date | null | undefined, now: Date): boolean => !!expiredAt && expiredAt > now;

/** A username as stored: cleaned (kit cleanName: NFC, no invisible characters), 2-32 letters, digits, _ or -. */
export function checkUsername(raw: string): string {
  const username = cleanName(raw);
  if (!username) throw new DomainError("invalid_argument", userMessages.usernameRequired);
  if (!USERNAME.test(username)) throw new DomainError("invalid_argument", userMessages.usernameFormat);
  return username;
}

/** UTS #39 skeleton: NFD, each character replaced by its confusables.txt prototype, NFD again. */
const skeleton = (s: string): string => unhomoglyph(s.normalize("NFD")).normalize("NFD");

/**
 * What two usernames that look alike share, each stored unique (users.username_skeleton and
 * username_skeleton_cased), so a name equal to another's in either is refused:
 * - usernameSkeleton: the skeleton of the case-folded NFKC name, folded and skeletonised once more because
 *   prototypes may be capitals ("0" → "O"). admin, Admin, ADMIN, ａｄｍｉｎ and admіn (Cyrillic і) all give
 *   "adrnin", and so does adrnin, which looks the same in many fonts.
 * - usernameSkeletonCased: the skeleton of the name as written (lower-cased after), for lookalikes that
 *   play on case: lookaIike (a capital I) and lookalike. Folding first cannot see it (i and l differ).
 */
export function usernameSkeletons(username: string): { usernameSkeleton: string; usernameSkeletonCased: string } {
  const nfkc = username.normalize("NFKC");
  return {
    usernameSkeleton: skeleton(skeleton(nfkc.toLowerCase()).toLowerCase()),
    usernameSkeletonCased: skeleton(nfkc).toLowerCase(),
  };
}

export function checkPassword(password: string, requiredMessage: string = userMessages.passwordRequired): string {
  if (!password) throw new DomainError("invalid_argument", requiredMessage);
  if (password.length < 6 || password.length > 64)
    throw new DomainError("invalid_argument", userMessages.passwordLength);
  return password;
}

/**
 * An e-mail address as stored and looked up: trimmed and lower-cased as a whole. Two accounts cannot
 * hold addresses that differ only in case (users_email_lower_key), and whatever case a person types
 * at sign-in, recovery or sign-up finds the same account. (The local part is case-sensitive in
 * theory; no mail provider treats it so, and an account per case would be a trap.)
 */
export const normalEmail = (raw: string): string => raw.trim().toLowerCase();

/** "" stays "" (not set); anything else must be an e-mail address, returned normalised (normalEmail). */
export function checkEmail(raw: string): string {
  const email = normalEmail(raw);
  if (email && (email.length > 255 || !EMAIL.test(email)))
    throw new DomainError("invalid_argument", userMessages.email, undefined, "email");
  return email;
}

/** "" stays "" (not set); anything else must be a mainland mobile number (11 digits, 1[3-9]…). */
export function checkMobile(raw: string): string {
  const mobile = raw.trim();
  if (mobile && !MOBILE.test(mobile)) throw new DomainError("invalid_argument", userMessages.mobile);
  return mobile;
}

/** A mobile number that must be given (SMS codes, mobile sign-up and sign-in): refusals name `mobile`. */
export function requireMobile(raw: string): string {
  const mobile = raw.trim();
  if (!mobile) throw new DomainError("invalid_argument", userMessages.mobileRequired, undefined, "mobile");
  if (!MOBILE.test(mobile)) throw new DomainError("invalid_argument", userMessages.mobile, undefined, "mobile");
  return mobile;
}

export function checkLength(value: string, label: string, max: number): string {
  const v = cleanName(value);
  if ([...v].length > max) throw new DomainError("invalid_argument", userMessages.tooLong(label, max));
  return v;
}

/** Throws already_exists for the first unique value another account holds. */
export function refuseTaken(t: { username: boolean; email: boolean; mobile: boolean }): void {
  if (t.username) throw new DomainError("already_exists", userMessages.usernameTaken);
  if (t.email) throw new DomainError("already_exists", userMessages.emailTaken);
  if (t.mobile) throw new DomainError("already_exists", userMessages.mobileTaken);
}
