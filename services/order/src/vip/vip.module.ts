// VIP wired: repository → domain (`service`, which UserVipAPI's handlers call) and the BUY_VIP product
// line; `downloads` (the benefits a membership serves) for the download charge and the documents' VIP price.
import type { SettingsReader } from "@wenku/kit";
import type { Db } from "../db.js";
import type { UserDirectory } from "../ports.js";
import { createVipDownloads } from "./vip.downloads.repository.js";
import { createVipLine } from "./vip.line.js";
import { createVipRepository } from "./vip.repository.js";
import { createVipService } from "./vip.service.js";

export function createVip(deps: {
  db: Db;
  users: Pick<UserDirectory, "username" | "setVipExpiry">;
  settings?: Pick<SettingsReader, "current">;
  /** The site's time zone (a card's daily cap counts its days); Asia/Shanghai when unset. */
  timeZone?: string;
  /** Called after a card was created, changed or deleted; absent: nobody is told. */
  cardsChanged?: () => Promise<void>;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const repo = createVipRepository(deps.db);
  const downloads = createVipDownloads(deps.db, deps.timeZone ?? "Asia/Shanghai");
  const vip = createVipService({ repo, users: deps.users, downloads, cardsChanged: deps.cardsChanged, clock });
  return {
    service: vip,
    downloads,
    /** The types of cards by id (a BUY_VIP order shows its card's type). */
    cardTypes: repo.cardTypes,
    /** The percent of a document's price the user pays: their running membership's, else 100. */
    async pricePercent(userId: bigint) {
      return (await downloads.active(userId, clock()))?.documentDiscount ?? 100;
    },
    line: createVipLine({
      repo,
      vip,
      // Unknown settings (the config service down, no cached copy): the error propagates and the order
      // is refused for now, rather than selling VIP while it may be switched off.
      vipEnabled: async () => (deps.settings ? !!(await deps.settings.current()).vip?.enable : false),
    }),
  };
}
