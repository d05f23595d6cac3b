import { HomeOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Link } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";

/** The primary "return to home" button of the 404 and error pages. */
export function HomeLink() {
  const { t } = useI18n();
  return (
    <Link to="/">
      <Button type="primary" icon={<HomeOutlined />}>
        {t("error.backHome")}
      </Button>
    </Link>
  );
}
