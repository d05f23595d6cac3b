import {
  type Authorizer,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
} from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { createLedgerHandlers, createLedgerInternalHandlers } from "./credits/ledger.handlers.js";
import { createLedgerRepository } from "./credits/ledger.repository.js";
import { createLedgerService } from "./credits/ledger.service.js";
import type { Db } from "./db.js";
import { createProductLines } from "./orders/lines.js";
import type { ProductLine } from "./orders/product.js";
import type { VipUsers } from "./vip/users.client.js";
import { createVip } from "./vip/vip.module.js";

export interface OrderServerDeps {
  db: Db;
  log: Logger;
  authorizer: Authorizer;
  internalToken: string;
  siteGate?: SiteGate;
  /** The public settings (the credit name in messages); absent: 积分. */
  settings?: Pick<SettingsReader, "current">;
  /**
   * Product lines beyond the built-in ones (recharge, documents), one per order type: the VIP line
   * (vip/) plugs in here. Two lines for one type fail the boot.
   */
  lines?: readonly ProductLine[];
  /** The user service as VIP asks it: usernames, and each membership's end (is_vip, no ads). */
  vipUsers: VipUsers;
}

export const DEFAULT_CREDIT_NAME = "积分";

/**
 * The order service: so far the credits ledger (OrderInternalAPI for the other services, the
 * caller's log on OrderAPI). Orders, payment and VIP RPCs are not built yet and answer
 * Unimplemented. Wired repositories → domain → handlers.
 */
export function buildServer(deps: OrderServerDeps): ServiceDefinition {
  const ledger = createLedgerService({
    repo: createLedgerRepository(deps.db),
    async creditName() {
      try {
        return (await deps.settings?.current())?.system?.creditName || DEFAULT_CREDIT_NAME;
      } catch {
        return DEFAULT_CREDIT_NAME; // only a message's wording: never fail a refusal over it
      }
    },
  });
  // The order domain looks lines up here by order type (orders/lines.ts).
  const vip = createVip({ db: deps.db, users: deps.vipUsers, settings: deps.settings });
  const lines = createProductLines([vip.line, ...(deps.lines ?? [])]);
  void lines;
  return defineService({
    name: "order",
    log: deps.log,
    authorizer: deps.authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [OrderAPI, createLedgerHandlers(ledger)],
      [OrderInternalAPI, createLedgerInternalHandlers(ledger)],
      [UserVipAPI, vip.handlers],
    ],
  });
}
