import type { User } from "@wenku/proto/api/v1/user_pb.js";
import { Statistic } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** A user's counters in a wrapping row (documents, articles, favorites, followers, following). */
export function UserStats({ user, credit }: { user: User; credit?: { name: string; value: number } }) {
  const { t } = useI18n();
  const stats: { key: string; title: string; value: number }[] = [
    ...(credit ? [{ key: "credit", title: credit.name, value: credit.value }] : []),
    ...(
      [
        ["me.documents", user.docCount],
        ["me.articles", user.articleCount],
        ["me.favorites", user.favoriteCount],
        ["me.fans", user.fansCount],
        ["me.follows", user.followCount],
      ] as [MessageKey, number][]
    ).map(([key, value]) => ({ key, title: t(key), value })),
  ];
  return (
    <div
      data-testid="user-stats"
      style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(84px, 1fr))", gap: 12 }}
    >
      {stats.map((s) => (
        <Statistic key={s.key} title={s.title} value={s.value} />
      ))}
    </div>
  );
}
