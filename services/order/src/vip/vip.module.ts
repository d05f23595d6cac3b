// VIP wired: repository → domain → the BUY_VIP product line and the UserVipAPI handlers.
import type { SettingsReader } from "@wenku/kit";
import type { Db } from "../db.js";
import type { VipUsers } from "./users.client.js";
import { createVipHandlers } from "./vip.handlers.js";
import { createVipLine } from "./vip.line.js";
import { createVipRepository } from "./vip.repository.js";
import { createVipService } from "./vip.service.js";

export function createVip(deps: { db: Db; users: VipUsers; settings?: Pick<SettingsReader, "current"> }) {
  const repo = createVipRepository(deps.db);
  const vip = createVipService({ repo, users: deps.users });
  return {
    service: vip,
    line: createVipLine({
      repo,
      vip,
      // Unknown settings (the config service down, no cached copy): the error propagates and the order
      // is refused for now, rather than selling VIP while it may be switched off.
      vipEnabled: async () => (deps.settings ? !!(await deps.settings.current()).vip?.enable : false),
    }),
    handlers: createVipHandlers(vip),
  };
}
