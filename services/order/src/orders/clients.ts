// What the order domain asks other services: the config service (recharge settings, pay settings
// with secrets, the order time limit) and the content service (a document as a product). Settings
// are cached like the public settings (the kit's settings reader): dropped at once when a change is
// saved, the TTL only a safety net.
import { type Client, createClient, type Transport } from "@connectrpc/connect";
import { cachedUntilChanged, headers, type SettingsReader } from "@wenku/kit";
import { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { DocumentInternalAPI, type DocumentProduct } from "@wenku/proto/api/v1/content_internal_pb.js";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import type { PaySettings } from "../payments/provider.js";

/** Without a settings reader to follow (tools, unit tests) a read is kept this long. */
const CACHE_MS = 5_000;
const TIMEOUT_MS = 5_000;
export const DEFAULT_EXPIRE_MINUTES = 30;

export interface RechargeConfig {
  enable: boolean;
  creditExchange: number;
  tiers: string;
}

export interface OrderConfig {
  pay: PaySettings;
  expireMinutes: number;
}

export interface OrderSources {
  recharge(): Promise<RechargeConfig>;
  orderConfig(): Promise<OrderConfig>;
  /** orderConfig read now, past the short cache (the operator's check right after saving the settings). */
  freshOrderConfig?(): Promise<OrderConfig>;
  documentProduct(id: bigint): Promise<DocumentProduct>;
  /** Usernames for order lists; users the user service does not answer for are absent. */
  usernames(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

export function createOrderSources(
  t: { config: Transport; content: Transport; user: Transport },
  internalToken: string,
  settings?: Partial<Pick<SettingsReader, "derive">>,
): OrderSources {
  const cached = <T>(load: () => Promise<T>) =>
    settings?.derive ? settings.derive(load) : cachedUntilChanged(load, { ttlMs: CACHE_MS });
  const opts = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const config: Client<typeof ConfigAPI> = createClient(ConfigAPI, t.config);
  const configInternal = createClient(ConfigInternalAPI, t.config);
  const documents = createClient(DocumentInternalAPI, t.content);
  const users = createClient(UserInternalAPI, t.user);
  async function loadOrderConfig(): Promise<OrderConfig> {
    const p = await configInternal.getPaySettings({}, opts);
    return {
      expireMinutes: p.orderExpireMinutes > 0 ? p.orderExpireMinutes : DEFAULT_EXPIRE_MINUTES,
      pay: {
        alipay: {
          enable: p.alipayEnable,
          appId: p.alipayAppId,
          privateKey: p.alipayPrivateKey,
          publicKey: p.alipayPublicKey,
          sandbox: p.alipaySandbox,
          gatewayUrl: p.alipayGatewayUrl,
        },
        wechatpay: {
          enable: p.wechatpayEnable,
          appId: p.wechatpayAppId,
          mchId: p.wechatpayMchId,
          serialNo: p.wechatpaySerialNo,
          apiV3Key: p.wechatpayApiV3Key,
          privateKey: p.wechatpayPrivateKey,
          baseUrl: p.wechatpayBaseUrl,
          publicKey: p.wechatpayPublicKey,
          publicKeyId: p.wechatpayPublicKeyId,
        },
        sandbox: { enable: p.sandboxEnable },
      },
    };
  }
  return {
    recharge: cached(async () => {
      const r = await config.getRechargeSettings({}, opts);
      return { enable: r.enable, creditExchange: r.creditExchange, tiers: r.rechargeDiscount };
    }),
    orderConfig: cached(loadOrderConfig),
    freshOrderConfig: loadOrderConfig,
    documentProduct: (id) => documents.getDocumentProduct({ id }, opts),
    async usernames(ids) {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (!wanted.length) return new Map();
      const reply = await users.getUsers({ id: wanted }, opts);
      return new Map(reply.user.map((u) => [u.id, u.username]));
    },
  };
}
