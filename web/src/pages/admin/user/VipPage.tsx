import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { useCan } from "../../../components/admin/permissions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { VipCardTab } from "./VipCardTab.js";
import { VipMemberTab } from "./VipMemberTab.js";

/**
 * /admin/user/vip: the VIP cards (the one source of VIP prices) and the members. Only the open tab is
 * mounted: each list keeps its page and search in the URL, which a tab change clears.
 */
export default function VipPage() {
  const { t } = useI18n();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const canCards = can("/api.v1.UserVipAPI/ListVipCard");
  const canMembers = can("/api.v1.UserVipAPI/ListUserVip");
  const tab = params.get("tab") === "cards" || !canMembers ? "cards" : "members";
  const items = [
    ...(canMembers ? [{ key: "members", label: t("adm.vip.members"), children: <VipMemberTab /> }] : []),
    ...(canCards ? [{ key: "cards", label: t("adm.vip.cards"), children: <VipCardTab /> }] : []),
  ];
  return (
    <Tabs
      activeKey={tab}
      items={items}
      destroyOnHidden
      tabBarStyle={{ padding: "0 24px", marginBottom: 0 }}
      onChange={(key) => setParams(key === "members" ? {} : { tab: key }, { replace: true })}
      data-testid="vip-tabs"
    />
  );
}
