import {
  type Authorizer,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
  type UserCountsChanges,
} from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { createLedgerRepository } from "./credits/ledger.repository.js";
import { createLedgerService } from "./credits/ledger.service.js";
import type { Db } from "./db.js";
import { createOrderInternalHandlers } from "./internal/order.internal.handlers.js";
import { createDocumentLine, findDocumentProduct } from "./orders/document.line.js";
import { createDownloadCharge } from "./orders/download.charge.js";
import { createProductLines } from "./orders/lines.js";
import { createOrderCore, type OrderCore } from "./orders/order.core.js";
import { createOrderHandlers } from "./orders/order.handlers.js";
import { createPayService } from "./orders/order.pay.js";
import { createOrderRepository } from "./orders/order.repository.js";
import { createOrderService } from "./orders/order.service.js";
import { createPurchaseRepository } from "./orders/purchase.repository.js";
import { createRechargeLine } from "./orders/recharge.line.js";
import { createProviderRegistry } from "./payments/registry.js";
import { createWechatPayCheck } from "./payments/wechatpay.check.js";
import type { DocumentProducts, PaySettingsSource, UserDirectory } from "./ports.js";
import { createVipHandlers } from "./vip/vip.handlers.js";
import { createVip } from "./vip/vip.module.js";

export interface OrderServerDeps {
  db: Db;
  log: Logger;
  authorizer: Authorizer;
  internalToken: string;
  siteGate: SiteGate;
  /** The public settings (the credit name in messages; 积分 when unset there). */
  settings: Pick<SettingsReader, "current">;
  /** The config service's recharge and pay settings. */
  paySettings: PaySettingsSource;
  /** The content service's documents, priced as products. */
  documents: DocumentProducts;
  /** The user service: usernames for order lists and VIP, and each membership's end (is_vip, no ads). */
  users: UserDirectory;
  /** Order times (expiry, pay times); the wall clock when unset. */
  clock?: () => Date;
  /** The site's time zone (SITE_TIME_ZONE: a VIP card's daily cap). */
  timeZone: string;
  /** The user service keeps credit_count: told after every booking. */
  userCounts: UserCountsChanges;
  /**
   * After a VIP card was written: the settings show the cards on sale (settings.vip), so every copy of
   * them is dropped (service.ts: the settings change broadcast).
   */
  cardsChanged: () => Promise<void>;
}

export const DEFAULT_CREDIT_NAME = "积分";

/**
 * The order service: the credits ledger (OrderInternalAPI for the other services, the caller's log
 * on OrderAPI), orders (orders/: create, pay with credits or an online provider, notifies, close,
 * lists, system recharge; product lines for recharge, documents and VIP) and VIP (vip/). Wired
 * repositories → domain → handlers. `core.sweep` is run periodically by service.ts.
 */
export function buildServer(deps: OrderServerDeps, onCore?: (core: OrderCore) => void): ServiceDefinition {
  const clock = deps.clock ?? (() => new Date());
  const creditName = async () => {
    try {
      return (await deps.settings.current())?.system?.creditName || DEFAULT_CREDIT_NAME;
    } catch {
      return DEFAULT_CREDIT_NAME; // only a message's wording: never fail a refusal over it
    }
  };
  const ledger = createLedgerService({ repo: createLedgerRepository(deps.db), creditName, counts: deps.userCounts });
  // The order domain looks lines up here by order type (orders/lines.ts).
  const vip = createVip({
    db: deps.db,
    users: deps.users,
    settings: deps.settings,
    timeZone: deps.timeZone,
    cardsChanged: deps.cardsChanged,
    clock,
  });
  const repo = createOrderRepository(deps.db);
  const purchases = createPurchaseRepository(deps.db);
  const lines = createProductLines([
    createRechargeLine({ paySettings: deps.paySettings, ledger, creditName }),
    createDocumentLine({
      documents: deps.documents,
      paySettings: deps.paySettings,
      purchases,
      ledger,
      clock,
      pricePercent: vip.pricePercent,
      async freeDays() {
        return Math.max(0, (await deps.settings.current())?.download?.freeDownloadDuration ?? 0);
      },
    }),
    vip.line,
  ]);
  const log = deps.log.child({ module: "orders" });
  const core = createOrderCore({ repo, lines, log, clock });
  onCore?.(core);
  const orders = createOrderService({
    repo,
    lines,
    core,
    paySettings: deps.paySettings,
    users: deps.users,
    documents: deps.documents,
    vipCardTypes: vip.cardTypes,
    clock,
    log,
  });
  // One registry for paying and the operator's check: a provider is built once per settings.
  const providers = createProviderRegistry({ internalToken: deps.internalToken });
  const payments = createPayService({
    repo,
    core,
    ledger,
    providers,
    paySettings: deps.paySettings,
    async origin() {
      return ((await deps.settings.current())?.system?.domain ?? "").replace(/\/+$/, "");
    },
    log,
    clock,
  });
  return defineService({
    name: "order",
    log: deps.log,
    authorizer: deps.authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [OrderAPI, createOrderHandlers({ orders, payments, ledger })],
      [
        OrderInternalAPI,
        createOrderInternalHandlers({
          ledger,
          payments,
          charges: createDownloadCharge({
            purchases,
            lines,
            ledger,
            creditName,
            orders,
            payments,
            clock,
            vip: vip.downloads,
            product: (id) => findDocumentProduct(deps.documents, id),
          }),
          wechatpay: createWechatPayCheck({
            providers,
            paySettings: async () => (await deps.paySettings.freshOrderConfig()).pay,
          }),
        }),
      ],
      [UserVipAPI, createVipHandlers(vip.service, orders)],
    ],
  });
}
