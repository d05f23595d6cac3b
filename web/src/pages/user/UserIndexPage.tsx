import { Descriptions, Divider } from "antd";
import { formatTimestamp } from "../../components/account/formatDate.js";
import { UserDynamics } from "../../components/account/UserDynamics.js";
import { UserFrame, useProfileUser } from "../../components/account/UserFrame.js";
import { UserStats } from "../../components/account/UserStats.js";
import { useI18n } from "../../i18n/I18nProvider.js";

function Overview() {
  const { t, lang } = useI18n();
  const user = useProfileUser();
  const joined = formatTimestamp(user.createdAt, lang);
  return (
    <>
      <UserStats user={user} />
      {joined && (
        <Descriptions
          style={{ marginTop: 24 }}
          size="small"
          column={1}
          items={[{ key: "joined", label: t("me.registeredAt"), children: joined }]}
        />
      )}
      <Divider />
      <UserDynamics userId={user.id} />
    </>
  );
}

/** /user/{id}: the public profile's overview tab: counters, joining date, what the user did lately. */
export default function UserIndexPage() {
  return (
    <UserFrame tab="index">
      <Overview />
    </UserFrame>
  );
}
