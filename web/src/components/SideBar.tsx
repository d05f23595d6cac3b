import { CloudUploadOutlined, EditOutlined } from "@ant-design/icons";
import { FloatButton } from "antd";
import { useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider.js";

/** Spec §2 fixed right bar: publish article, upload document, back to top. */
export function SideBar() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <FloatButton.Group shape="square" style={{ insetInlineEnd: 24 }}>
      <FloatButton icon={<EditOutlined />} tooltip={t("page.post")} onClick={() => void navigate("/post")} />
      <FloatButton icon={<CloudUploadOutlined />} tooltip={t("page.upload")} onClick={() => void navigate("/upload")} />
      <FloatButton.BackTop tooltip={t("footer.backTop")} visibilityHeight={400} />
    </FloatButton.Group>
  );
}
