import { CodeOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Typography } from "antd";
import { usePageTitle } from "../hooks/usePageTitle.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { useSettings } from "../settings/SettingsProvider.js";

/** The gateway's answer for the running site's source: its archive, or the operator's repository (WENKU_SOURCE_URL). */
export const SOURCE_HREF = "/source";
const LICENSE_URL = "https://www.gnu.org/licenses/agpl-3.0.html";

/**
 * /about-wenku, where the footer's "由 Wenku 强力驱动" leads: the software this site runs, its version
 * and license, and its source, which AGPL-3.0 §13 has every user of the site be offered.
 */
export default function AboutWenkuPage() {
  const { t } = useI18n();
  const { settings } = useSettings();
  usePageTitle(t("page.aboutWenku"));
  return (
    <Card style={{ maxWidth: 760, margin: "0 auto" }} data-testid="about-wenku">
      <Typography.Title level={3}>{t("about.title")}</Typography.Title>
      <Typography.Paragraph>{t("about.intro")}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("about.version")}>
          <span data-testid="about-version">{settings.system.version || "—"}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("about.license")}>
          <a href={LICENSE_URL} target="_blank" rel="noopener noreferrer">
            GNU Affero General Public License v3.0 or later (AGPL-3.0-or-later)
          </a>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t("about.sourceNote")}</Typography.Paragraph>
      <Button type="primary" icon={<CodeOutlined />} href={SOURCE_HREF} data-testid="about-source">
        {t("about.source")}
      </Button>
    </Card>
  );
}
