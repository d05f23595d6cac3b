import { allApiServices, permissionSpecs, repeatEvery, type ServiceModule } from "@wenku/kit";
import { createRateLimitStore } from "@wenku/kit/ratelimit";
import {
  createCreditLedger,
  createDocumentCounter,
  createMiniProgramSource,
  createOfficialAccountSource,
  mailSettingsFrom,
  oauthSettingsFrom,
  rewardsFrom,
  settingsFrom,
  siteDomainFrom,
  smsSettingsFrom,
  verificationSettingsFrom,
} from "./clients.js";
import { loadUserConfig } from "./config.js";
import { createUserCreditOutbox } from "./credits/credit.outbox.js";
import { createDb, USER_SCHEMA } from "./db.js";
import { createMailOutbox } from "./mail/mail.outbox.js";
import { createSiteMailer } from "./mail/site.mailer.js";
import { syncPermissions } from "./permissions/permission.sync.js";
import { seedAccounts } from "./permissions/seed.js";
import { buildServer } from "./server.js";
import { fillUsernameSkeletons } from "./users/username.backfill.js";

/** How often owed credit grants are retried (each row also backs off on its own, up to an hour). */
const OUTBOX_SWEEP_MS = 15_000;

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The user service as every runner starts it: permissions synced from the contract, the built-in
 * groups and admin seeded on first start, then the RPC definition.
 */
export const service: ServiceModule = {
  name: "user",
  migrations: [{ schema: USER_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const cfg = loadUserConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    const rateLimits = createRateLimitStore({
      connectionString: ctx.databaseUrl,
      schema: USER_SCHEMA,
      log: ctx.log.child({ module: "ratelimit" }),
    });
    try {
      const sync = await syncPermissions(db, permissionSpecs(allApiServices()));
      if (sync.added || sync.removed || sync.retitled) ctx.log.info(sync, "permissions synced from the contract");
      const admin = await seedAccounts(db, { adminPassword: cfg.WENKU_ADMIN_PASSWORD });
      const skeletons = await fillUsernameSkeletons(db);
      if (skeletons) ctx.log.info({ accounts: skeletons }, "username skeletons filled in");
      const credits = createCreditLedger(ctx.transports.order, ctx.internalToken);
      const creditOutbox = createUserCreditOutbox({
        db,
        ledger: credits,
        log: ctx.log.child({ module: "credit-outbox" }),
      });
      const mail = mailSettingsFrom(ctx.transports.config, ctx.internalToken, ctx.settings);
      const mailLog = ctx.log.child({ module: "mail" });
      const mailOutbox = createMailOutbox({
        db,
        mailer: createSiteMailer({ settings: mail, log: mailLog }),
        log: mailLog,
        clock: ctx.clock,
      });
      const definition = await buildServer({
        db,
        bus: ctx.bus,
        log: ctx.log,
        jwtSecret: cfg.JWT_SECRET,
        internalToken: ctx.internalToken,
        tokenTtlHours: cfg.TOKEN_TTL_HOURS,
        settings: settingsFrom(ctx.settings),
        siteGate: ctx.siteGate,
        rateLimits,
        clock: ctx.clock,
        documents: createDocumentCounter(ctx.transports.content, ctx.internalToken),
        credits,
        creditOutbox,
        rewards: rewardsFrom(ctx.settings),
        verification: verificationSettingsFrom(ctx.transports.config, ctx.internalToken, ctx.settings),
        sms: smsSettingsFrom(ctx.transports.config, ctx.internalToken, ctx.settings),
        fetchAllow: cfg.FETCH_ALLOW_HOSTS,
        development: cfg.NODE_ENV === "development",
        mail,
        mailOutbox,
        oauth: {
          settings: oauthSettingsFrom(ctx.transports.config, ctx.internalToken, ctx.settings),
          github: { web: cfg.OAUTH_GITHUB_URL, api: cfg.OAUTH_GITHUB_API_URL },
          gitee: cfg.OAUTH_GITEE_URL,
          qq: cfg.OAUTH_QQ_URL,
          wechat: { web: cfg.OAUTH_WECHAT_URL, api: cfg.OAUTH_WECHAT_API_URL },
          googleIssuer: cfg.OAUTH_GOOGLE_ISSUER,
        },
        timeZone: cfg.SITE_TIME_ZONE,
        officialAccount: createOfficialAccountSource(ctx.transports.config, ctx.internalToken, ctx.settings),
        miniProgram: createMiniProgramSource(ctx.transports.config, ctx.internalToken, ctx.settings),
        siteDomain: siteDomainFrom(ctx.settings),
      });
      // Grants the order service could not book at once (it was down or slow), retried until booked.
      const outboxSweep = repeatEvery(() => creditOutbox.sweep(), {
        everyMs: OUTBOX_SWEEP_MS,
        onError: (err) => ctx.log.warn({ err }, "credit outbox sweep failed"),
      });
      // Codes' and recovery links' mails the SMTP server did not take at once (or a restart cut short).
      const mailSweep = repeatEvery(() => mailOutbox.sweep(), {
        everyMs: OUTBOX_SWEEP_MS,
        onError: (err) => ctx.log.warn({ err }, "mail outbox sweep failed"),
      });
      return {
        definition,
        close: async () => {
          await outboxSweep.stop();
          await mailSweep.stop();
          await rateLimits.close();
          await db.$disconnect();
        },
        account: admin ? { ...admin, generated: !cfg.WENKU_ADMIN_PASSWORD } : undefined,
      };
    } catch (err) {
      await rateLimits.close();
      await db.$disconnect();
      throw err;
    }
  },
};
