import type { CreditOutbox } from "@wenku/credit-outbox";
import {
  AUTHZ_CHANGED_SUBJECT,
  type Broadcaster,
  CachingAuthorizer,
  createChangeSignal,
  defineService,
  type Logger,
  onUserCountsChanged,
  type ServiceDefinition,
  type SiteGate,
  USER_BRIEFS_CHANGED_SUBJECT,
} from "@wenku/kit";
import { type RateLimitStore, rateLimitInterceptor } from "@wenku/kit/ratelimit";
import { GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { OAuthAPI } from "@wenku/proto/api/v1/oauth_pb.js";
import { PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { AuthzInternalAPI, UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { createAuthzHandlers } from "./auth/authz.handlers.js";
import { createAuthzRepository } from "./auth/authz.repository.js";
import { createLocalAuthorizer } from "./auth/authz.service.js";
import { createLoginGuard } from "./auth/login.guard.js";
import { createTokenCodec } from "./auth/tokens.js";
import { createCaptchaRepository } from "./captcha/captcha.repository.js";
import { createCaptchaService } from "./captcha/captcha.service.js";
import { createCodeRepository } from "./codes/code.repository.js";
import { codeKeyFrom, createCodeStore } from "./codes/code.store.js";
import { createEmailCodeService } from "./codes/email.code.js";
import { createRegisterBonus } from "./credits/register.bonus.js";
import { createDownloadHistory } from "./documents/download.history.js";
import { createActivityDynamics } from "./dynamics/activity.dynamics.js";
import { createDynamicRepository } from "./dynamics/dynamic.repository.js";
import { createGroupHandlers } from "./groups/group.handlers.js";
import { createGroupRepository } from "./groups/group.repository.js";
import { createGroupService } from "./groups/group.service.js";
import { createCodeQuota, userRequestLimits } from "./limits.js";
import { createMailOutbox, type MailOutbox } from "./mail/mail.outbox.js";
import { createSiteMailer } from "./mail/site.mailer.js";
import { createOAuthHandlers } from "./oauth/oauth.handlers.js";
import { createPermissionHandlers } from "./permissions/permission.handlers.js";
import { createPermissionRepository } from "./permissions/permission.repository.js";
import { createPermissionService } from "./permissions/permission.service.js";
import type {
  CreditLedger,
  DocumentCounter,
  RewardSettings,
  SendMail,
  SettingsProvider,
  VerificationSettings,
} from "./ports.js";
import { createPunishmentHandlers } from "./punishments/punishment.handlers.js";
import { createPunishmentRepository } from "./punishments/punishment.repository.js";
import { createPunishmentService } from "./punishments/punishment.service.js";
import { createPasswordRecovery } from "./recovery/password.recovery.js";
import { createRecoveryRepository } from "./recovery/recovery.repository.js";
import { createSignRepository } from "./sign/sign.repository.js";
import { createSignService } from "./sign/sign.service.js";
import { createSmsHandlers } from "./sms/sms.handlers.js";
import { createSmsRepository } from "./sms/sms.repository.js";
import { createSmsService, vendorHttp } from "./sms/sms.service.js";
import { type ThirdPartyDeps, wireThirdParty } from "./third-party.js";
import { createUserAdminService } from "./users/user.admin.js";
import { createUserCounts } from "./users/user.counts.js";
import { createUserHandlers } from "./users/user.handlers.js";
import { createUserInternalHandlers } from "./users/user.internal.handlers.js";
import { createMobileAccounts } from "./users/user.mobile.js";
import { createUserPolicy } from "./users/user.policy.js";
import { createUserProfileService } from "./users/user.profile.js";
import { createUserRepository } from "./users/user.repository.js";
import { type AuthzChanges, createUserService } from "./users/user.service.js";
import { createSessionOpener } from "./users/user.sessions.js";
import { createWechatHandlers, createWechatPushHandlers } from "./wechat/wechat.handlers.js";

export interface UserServerDeps extends ThirdPartyDeps {
  bus: Broadcaster;
  log: Logger;
  internalToken: string;
  tokenTtlHours: number;
  /** Security and captcha settings (the config service in production). */
  settings: SettingsProvider;
  siteGate: SiteGate;
  /** Shared counters of the login, registration, captcha, recovery and code limits (PostgreSQL). */
  rateLimits: RateLimitStore;
  /** user.doc_count, article_count, favorite_count from the content service (DocumentInternalAPI). */
  documents: DocumentCounter;
  /** The order service's credits ledger: user.credit_count, the register bonus, check-in awards. */
  credits: CreditLedger;
  /** Grants owed to the ledger (service.ts sweeps it). */
  creditOutbox: CreditOutbox;
  /** score.register / sign_in and the credit name (the config service in production). */
  rewards: RewardSettings;
  /** IANA time zone the site's days start in (the check-in). */
  timeZone: string;
  /** The verification codes' lifetimes (the config service in production). */
  verification: VerificationSettings;
  /** NODE_ENV is development: the log-only SMS provider may be chosen. */
  development?: boolean;
  /** Sends a mail; the kit's SMTP mailer unless a test says otherwise. */
  sendMail?: SendMail;
  /** Codes' and recovery links' mails, retried by the service's sweep (service.ts); absent: one of its own. */
  mailOutbox?: MailOutbox;
}

/** Wires the user service: repositories → domain → handlers, under the kit's interceptors. */
export async function buildServer(deps: UserServerDeps): Promise<ServiceDefinition> {
  const tokens = createTokenCodec(deps.jwtSecret);
  const authorizer = new CachingAuthorizer(createLocalAuthorizer({ tokens, repo: createAuthzRepository(deps.db) }));
  await deps.bus.onBroadcast(AUTHZ_CHANGED_SUBJECT, () => authorizer.invalidate());
  // Every change to who may do what: this process's cache and every other process's drop at once.
  const authz: AuthzChanges = {
    async changed() {
      authorizer.invalidate();
      await deps.bus.broadcast(AUTHZ_CHANGED_SUBJECT, new Uint8Array());
    },
  };
  const repo = createUserRepository(deps.db);
  const punishmentRepo = createPunishmentRepository(deps.db);
  const loginGuard = createLoginGuard(deps.rateLimits);
  const captcha = createCaptchaService({
    repo: createCaptchaRepository(deps.db),
    settings: deps.settings,
    // A login captcha is due from an address with too many recent failures, whatever the settings.
    demand: async (scene, who) =>
      scene === "login" && loginGuard.captchaDemanded(who, (await deps.settings.security()).login),
    clock: deps.clock,
  });
  // E-mail and SMS verification codes, HMAC'd under a key derived from the token secret.
  const codes = createCodeStore({
    repo: createCodeRepository(deps.db),
    key: codeKeyFrom(deps.jwtSecret),
    ttlMinutes: (channel) => deps.verification.codeMinutes(channel),
    clock: deps.clock,
  });
  const dynamics = createDynamicRepository(deps.db);
  const mailer = createSiteMailer({
    settings: deps.mail,
    log: deps.log.child({ module: "mail" }),
    send: deps.sendMail,
  });
  const quota = createCodeQuota(deps.rateLimits);
  const mails = deps.mailOutbox ?? createMailOutbox({ db: deps.db, mailer, log: deps.log, clock: deps.clock });
  const emailCodes = createEmailCodeService({
    codes,
    quota,
    mails,
    captcha,
    mailer,
    settings: deps.settings,
    repo,
    clock: deps.clock,
  });
  const recovery = createPasswordRecovery({
    repo,
    links: createRecoveryRepository(deps.db),
    captcha,
    mailer,
    mails,
    dynamics,
    authz,
    log: deps.log.child({ module: "recovery" }),
    clock: deps.clock,
  });
  const policy = createUserPolicy({ repo, punishments: punishmentRepo, clock: deps.clock });
  // Names and avatars: other services keep brief users (the authors on their lists) until told.
  const briefs = await createChangeSignal(deps.bus, USER_BRIEFS_CHANGED_SUBJECT, deps.log);
  const profiles = createUserProfileService({ repo, dynamics, authz, briefs });
  const { creditOutbox: outbox, rewards } = deps;
  const users = createUserService({
    repo,
    registerBonus: createRegisterBonus({ outbox, rewards, log: deps.log }),
    policy,
    dynamics,
    captcha,
    codes,
    settings: deps.settings,
    tokens,
    tokenTtlHours: deps.tokenTtlHours,
    authz,
    loginGuard,
    clock: deps.clock,
  });
  const { oauth, scan, share, mini } = wireThirdParty(deps, users);
  const admin = createUserAdminService({ repo, authz, briefs });
  // Mobile sign-up, sign-in and recovery with SMS codes; SendSms and the records of every send.
  const mobile = createMobileAccounts({
    repo,
    codes,
    settings: deps.settings,
    policy,
    dynamics,
    registerBonus: createRegisterBonus({ outbox, rewards, log: deps.log }),
    openSession: createSessionOpener({ repo, tokens, tokenTtlHours: deps.tokenTtlHours, clock: deps.clock }),
    authz,
  });
  const sms = createSmsService({
    repo: createSmsRepository(deps.db),
    settings: deps.sms,
    codes,
    quota,
    captcha,
    accountOf: (m) => repo.byMobile(m),
    http: vendorHttp(deps.fetchAllow ?? []),
    log: deps.log,
    development: deps.development ?? false,
    clock: deps.clock,
  });
  const signs = createSignService({
    repo: createSignRepository(deps.db),
    outbox,
    rewards,
    timeZone: deps.timeZone,
    clock: deps.clock,
  });
  // doc_count & co. and credit_count of shown profiles, kept until the content or order service says
  // they changed (a broadcast every process hears; over NATS in a cluster).
  const counts = createUserCounts({ documents: deps.documents, credits: deps.credits, log: deps.log });
  await onUserCountsChanged(deps.bus, (ids) => counts.drop(ids));
  const activities = createActivityDynamics({ dynamics, userExists: async (id) => (await repo.byId(id)) !== null });
  const groups = createGroupService({ repo: createGroupRepository(deps.db), authz });
  const permissions = createPermissionService({ repo: createPermissionRepository(deps.db) });
  const punishments = createPunishmentService({ repo: punishmentRepo, users: repo, authz, clock: deps.clock });
  const definition = defineService({
    name: "user",
    log: deps.log,
    authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [
        UserAPI,
        createUserHandlers({
          users,
          profiles,
          policy,
          admin,
          captcha,
          withCounts: counts.fill,
          signs,
          downloads: createDownloadHistory(deps.documents),
          mobile,
          emailCodes,
          recovery,
        }),
      ],
      [SmsAPI, createSmsHandlers(sms)],
      [GroupAPI, createGroupHandlers(groups)],
      [PermissionAPI, createPermissionHandlers(permissions)],
      [PunishmentAPI, createPunishmentHandlers(punishments)],
      [AuthzInternalAPI, createAuthzHandlers(authorizer)],
      [
        UserInternalAPI,
        { ...createUserInternalHandlers({ profiles, policy, activities, captcha }), ...createWechatPushHandlers(scan) },
      ],
      [
        OAuthAPI,
        {
          ...createOAuthHandlers(oauth, counts.fill),
          ...createWechatHandlers({ scan, share, mini, withCounts: counts.fill }),
        },
      ],
    ],
  });
  // After observe and access (which establishes the client address): the per-request limits.
  const limits = rateLimitInterceptor(userRequestLimits(deps.rateLimits));
  return { ...definition, interceptors: [...definition.interceptors, limits] };
}
