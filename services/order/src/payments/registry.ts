// Which online providers exist and which are enabled: each factory builds its provider from the
// pay settings (secrets included) or answers undefined when the provider is switched off or not
// configured. A provider is built once per fingerprint of its settings (a hash of the part of the
// pay settings it is built from) and reused: the settings cache hands out a new object every few
// seconds, and rebuilding WeChat Pay on each would download its platform certificates again.
import { createHash } from "node:crypto";
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { alipayFactory } from "./alipay/alipay.factory.js";
import type { PaymentProvider, PaySettings, ProviderContext, ProviderFactory } from "./provider.js";
import { createSandboxProvider, SANDBOX_NAME } from "./sandbox.js";
import { wechatpayFactory } from "./wechatpay/wechatpay.factory.js";

export const sandboxFactory: ProviderFactory = {
  name: SANDBOX_NAME,
  method: PayMethod.SANDBOX,
  settingsOf: (s) => s.sandbox,
  build: (s, ctx) => (s.sandbox.enable ? createSandboxProvider(ctx.internalToken) : undefined),
};

/** JSON with object keys sorted, so equal settings give one text whatever order they were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A SHA-256 of the settings a factory builds from (kept instead of a copy of the secrets). */
export function settingsFingerprint(f: ProviderFactory, settings: PaySettings): string {
  return createHash("sha256")
    .update(canonical(f.settingsOf ? f.settingsOf(settings) : settings))
    .digest("hex");
}

/** Every provider this build knows. */
export const providerFactories: readonly ProviderFactory[] = [alipayFactory, wechatpayFactory, sandboxFactory];

export const providerMessages = {
  notEnabled: "该支付方式未开启，请选择其他支付方式",
};

export interface ProviderRegistry {
  /** The enabled provider of a method; failed_precondition when it is off or unknown. */
  forMethod(method: PayMethod, settings: PaySettings): PaymentProvider;
  /** The enabled provider behind /callback/<name>, or undefined. */
  forName(name: string, settings: PaySettings): PaymentProvider | undefined;
}

export function createProviderRegistry(
  ctx: ProviderContext,
  factories: readonly ProviderFactory[] = providerFactories,
): ProviderRegistry {
  // The provider last built by each factory, with the fingerprint of the settings it was built from.
  const built = new Map<string, { fingerprint: string; provider: PaymentProvider | undefined }>();
  const build = (f: ProviderFactory, s: PaySettings) => {
    const fingerprint = settingsFingerprint(f, s);
    const hit = built.get(f.name);
    if (hit?.fingerprint === fingerprint) return hit.provider;
    const provider = f.build(s, ctx); // a throw (a bad key) is not kept: the next call tries again
    built.set(f.name, { fingerprint, provider });
    return provider;
  };
  return {
    forMethod(method, settings) {
      const f = factories.find((x) => x.method === method);
      const p = f && build(f, settings);
      if (!p) throw new DomainError("failed_precondition", providerMessages.notEnabled, undefined, "pay_method");
      return p;
    },
    forName(name, settings) {
      const f = factories.find((x) => x.name === name);
      return f && build(f, settings);
    },
  };
}
