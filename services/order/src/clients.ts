// The other services as the order service asks them: Connect clients over the service transports,
// carrying the internal credential. Implements the ports of ports.ts. Settings are cached like the
// public settings (the kit's settings reader): dropped at once when a change is saved, the TTL only a
// safety net.
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Client, createClient, type Transport } from "@connectrpc/connect";
import { cachedUntilChanged, headers, type SettingsReader } from "@wenku/kit";
import { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import type { DocumentProducts, OrderConfig, PaySettingsSource, UserDirectory } from "./ports.js";

/** Without a settings reader to follow (tools, unit tests) a read is kept this long. */
const CACHE_MS = 5_000;
const TIMEOUT_MS = 5_000;
/** A VIP grant waits for the user service's answer longer than a list does for names. */
const VIP_TIMEOUT_MS = 10_000;
const DEFAULT_EXPIRE_MINUTES = 30;

const callOptions = (internalToken: string, timeoutMs = TIMEOUT_MS) => ({
  headers: { [headers.internal]: internalToken },
  timeoutMs,
});

/** ConfigAPI.GetRechargeSettings and ConfigInternalAPI.GetPaySettings, kept until the settings change. */
export function createPaySettingsSource(
  transport: Transport,
  internalToken: string,
  settings?: Partial<Pick<SettingsReader, "derive">>,
): PaySettingsSource {
  const cached = <T>(load: () => Promise<T>) =>
    settings?.derive ? settings.derive(load) : cachedUntilChanged(load, { ttlMs: CACHE_MS });
  const opts = callOptions(internalToken);
  const config: Client<typeof ConfigAPI> = createClient(ConfigAPI, transport);
  const configInternal = createClient(ConfigInternalAPI, transport);
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
  };
}

/** DocumentInternalAPI.GetDocumentProduct and GetDocumentUuids. */
export function createDocumentProducts(transport: Transport, internalToken: string): DocumentProducts {
  const documents = createClient(DocumentInternalAPI, transport);
  const opts = callOptions(internalToken);
  return {
    product: (id) => documents.getDocumentProduct({ id }, opts),
    async uuids(ids) {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (!wanted.length) return new Map();
      const reply = await documents.getDocumentUuids({ id: wanted }, opts);
      return new Map(Object.entries(reply.uuid).map(([id, uuid]) => [BigInt(id), uuid]));
    },
  };
}

/** UserInternalAPI: usernames (GetUsers) and the end of a VIP membership (SetUserVipExpiry). */
export function createUserDirectory(transport: Transport, internalToken: string): UserDirectory {
  const users = createClient(UserInternalAPI, transport);
  const opts = callOptions(internalToken);
  const vipOpts = callOptions(internalToken, VIP_TIMEOUT_MS);
  return {
    async usernames(ids) {
      const wanted = [...new Set(ids)].filter((id) => id > 0n);
      if (!wanted.length) return new Map();
      const reply = await users.getUsers({ id: wanted }, opts);
      return new Map(reply.user.map((u) => [u.id, u.username]));
    },
    async username(userId) {
      const reply = await users.getUsers({ id: [userId] }, vipOpts);
      return reply.user.find((u) => u.id === userId)?.username;
    },
    async setVipExpiry(userId, expiredAt) {
      await users.setUserVipExpiry({ userId, expiredAt: timestampFromDate(expiredAt) }, vipOpts);
    },
  };
}
