import { CrownFilled, EditOutlined, HomeOutlined, LockOutlined } from "@ant-design/icons";
import { Button, Descriptions, Divider, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { formatTimestamp } from "../../components/account/formatDate.js";
import { MeFrame, useMeUser } from "../../components/account/MeFrame.js";
import { UserDynamics } from "../../components/account/UserDynamics.js";
import { UserStats } from "../../components/account/UserStats.js";
import CheckInButton from "../../components/credits/CheckInButton.js";
import { CreditLog } from "../../components/credits/CreditLog.js";
import RechargeButton from "../../components/orders/RechargeButton.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { groupTitleIn } from "../../settings/storedNames.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { useSession } from "../../store/SessionProvider.js";
import { RecentReading } from "./RecentReading.js";

function Overview() {
  const { t, lang } = useI18n();
  const { user } = useMeUser();
  const { groups } = useSession();
  const { creditName } = useSiteName();
  const empty = <Typography.Text type="secondary">{t("me.notSet")}</Typography.Text>;
  const text = (value: string) => value || empty;
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="me-username">
          {user.username}
        </Typography.Title>
        {user.isVip && (
          <Tag icon={<CrownFilled />} color="gold">
            {t("me.vipUntil", { date: formatTimestamp(user.vipExpiredAt, lang) })}
          </Tag>
        )}
        {groups.map((g) => (
          <Tag key={String(g.id)} color="blue">
            {groupTitleIn(lang, g.title)}
          </Tag>
        ))}
      </Space>
      <Typography.Paragraph type="secondary">{user.signature || t("me.noSignature")}</Typography.Paragraph>
      <UserStats user={user} credit={{ name: creditName, value: user.creditCount }} />
      <Space wrap style={{ marginTop: 12 }}>
        <CheckInButton type="primary" />
        <RechargeButton />
      </Space>
      <Divider />
      <Descriptions
        title={t("me.profileInfo")}
        column={{ xs: 1, sm: 1, md: 2 }}
        size="small"
        data-testid="me-info"
        extra={
          <Link to="/me/profile">
            <Button icon={<EditOutlined />}>{t("me.editProfile")}</Button>
          </Link>
        }
        items={[
          { key: "realname", label: t("profile.realname"), children: text(user.realname) },
          { key: "email", label: t("profile.email"), children: text(user.email) },
          { key: "mobile", label: t("profile.mobile"), children: text(user.mobile) },
          { key: "address", label: t("profile.address"), children: text(user.address) },
          { key: "created", label: t("me.registeredAt"), children: text(formatTimestamp(user.createdAt, lang)) },
          { key: "login", label: t("me.lastLogin"), children: text(formatTimestamp(user.loginAt, lang)) },
        ]}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Link to="/me/password">
          <Button icon={<LockOutlined />}>{t("password.submit")}</Button>
        </Link>
        <Link to={`/user/${user.id}`}>
          <Button icon={<HomeOutlined />}>{t("me.homepage")}</Button>
        </Link>
      </Space>
      <Divider />
      <CreditLog />
      <Divider />
      <RecentReading />
      <Divider />
      <UserDynamics userId={0n} />
    </>
  );
}

/** /me: the user's own record, counters, shortcuts, the documents read recently and their activity. */
export default function MeIndexPage() {
  return (
    <MeFrame title="page.me.index">
      <Overview />
    </MeFrame>
  );
}
