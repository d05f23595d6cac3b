// Which online providers exist and which are enabled: each factory builds its provider from the
// pay settings (secrets included) or answers undefined when the provider is switched off or not
// configured.
import { DomainError } from "@wenku/kit";
import { PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { alipayFactory } from "./alipay/alipay.factory.js";
import type { PaymentProvider, PaySettings } from "./provider.js";
import { createSandboxProvider, SANDBOX_NAME } from "./sandbox.js";
import { wechatpayFactory } from "./wechatpay/wechatpay.factory.js";

export interface ProviderContext {
  internalToken: string;
}

export interface ProviderFactory {
  readonly name: string;
  readonly method: PayMethod;
  build(settings: PaySettings, ctx: ProviderContext): PaymentProvider | undefined;
}

export const sandboxFactory: ProviderFactory = {
  name: SANDBOX_NAME,
  method: PayMethod.SANDBOX,
  build: (s, ctx) => (s.sandbox.enable ? createSandboxProvider(ctx.internalToken) : undefined),
};

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
  // Built providers are kept per settings object (the settings cache hands out one object while fresh).
  const built = new WeakMap<PaySettings, Map<string, PaymentProvider | undefined>>();
  const build = (f: ProviderFactory, s: PaySettings) => {
    let m = built.get(s);
    if (!m) {
      m = new Map();
      built.set(s, m);
    }
    if (!m.has(f.name)) m.set(f.name, f.build(s, ctx));
    return m.get(f.name);
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
