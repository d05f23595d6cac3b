// Rewards that follow no settings: what a server built without the config service grants.
import type { RewardSettings } from "../ports.js";

export const DEFAULT_CREDIT_NAME = "积分";

/** Fixed rewards (tests, tools). */
export function staticRewards(r: { register: number; signIn: number; creditName?: string }): RewardSettings {
  return { current: async () => ({ creditName: DEFAULT_CREDIT_NAME, ...r }) };
}
