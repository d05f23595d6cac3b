// @wenku/kit — shared plumbing for every service. No domain code lives here. Named here is what other
// packages use; whatever else a module exports stays inside the kit.
export {
  AccessLevel,
  accessRuleOf,
  type Deployable,
  deployableOf,
  GRPC_METHOD,
  type PermissionSpec,
  permissionSpecs,
} from "./access.js";
export {
  AUTHZ_CHANGED_SUBJECT,
  type Authorization,
  type Authorizer,
  anonymous,
  CachingAuthorizer,
  remoteAuthorizer,
} from "./authorizer.js";
export type { Broadcaster } from "./broadcaster.js";
export { type ChangeSignal, createChangeSignal, DOCUMENTS_CHANGED_SUBJECT } from "./changes.js";
export {
  baseConfigSchema,
  loadConfig,
  requireClusterSettings,
  serviceConfigSchema,
  siteTimeZone,
  z,
} from "./config.js";
export { countPerDay, type DailyCount, startOfLocalDay } from "./daily.js";
export { isForeignKeyViolation, isUniqueViolation } from "./db-errors.js";
export { defineService, unbuiltService } from "./define.js";
export { DomainError, httpStatusOf } from "./errors.js";
export { keepFields } from "./fields.js";
export { actor, type CallContext, headers, type Identity, requireSignedIn } from "./identity.js";
export type { SiteGate } from "./interceptors.js";
export { createLines, type Lines } from "./lines.js";
export { isStreamingRpc, type Listening, type ListenOptions, listenDual, peerAddress } from "./listen.js";
export { createLogger, type Logger } from "./logger.js";
export { migrateSchemas, runMigrations, type SchemaMigrations } from "./migrate.js";
export {
  type CreatedAccount,
  lateTransports,
  type ServiceContext,
  type ServiceModule,
  type StartedService,
} from "./module.js";
export { MAX_PAGE, paging } from "./paging.js";
export { allApiServices } from "./registry.js";
export { repeatEvery } from "./repeat.js";
export {
  inProcessTransport,
  type RunningService,
  refuseUndecodable,
  type ServiceDefinition,
  serveService,
} from "./server.js";
export {
  CONFIG_CHANGED_SUBJECT,
  cachedUntilChanged,
  createSettingsReader,
  type SettingsReader,
  siteGateFrom,
} from "./settings.js";
export { type Clipped, clipText, wordEndAt, wordStartAt } from "./text.cut.js";
export { cleanName, cleanText } from "./text.js";
export { MAX_TEXT_PARAMS, type TextParams, textParams, textParamsProblem, toTextParams } from "./text.params.js";
export { grpcTransports } from "./transports.js";
export { filterTreeRows, visibleTreeRows } from "./tree.js";
export {
  noUserCountsChanges,
  onUserCountsChanged,
  USER_BRIEFS_CHANGED_SUBJECT,
  type UserCountsChanges,
  userCountsChanges,
} from "./user-counts.js";
