import { AppstoreOutlined, CloudUploadOutlined, EditOutlined } from "@ant-design/icons";
import { FloatButton } from "antd";
import { useNavigate } from "react-router";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";

/**
 * Spec §2 fixed right bar: publish article, upload document, back to top. On phones the actions
 * fold behind one button so the bar does not cover the forms.
 */
export function SideBar() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const mobile = useSizeClass() === "mobile";
  const actions = [
    <FloatButton key="post" icon={<EditOutlined />} tooltip={t("page.post")} onClick={() => void navigate("/post")} />,
    <FloatButton
      key="upload"
      icon={<CloudUploadOutlined />}
      tooltip={t("page.upload")}
      onClick={() => void navigate("/upload")}
    />,
  ];
  if (mobile) {
    return (
      <>
        <FloatButton.Group
          trigger="click"
          icon={<AppstoreOutlined />}
          style={{ insetInlineEnd: 12, insetBlockEnd: 72 }}
          aria-label={t("sidebar.quickActions")}
        >
          {actions}
        </FloatButton.Group>
        <FloatButton.BackTop tooltip={t("footer.backTop")} visibilityHeight={400} style={{ insetInlineEnd: 12 }} />
      </>
    );
  }
  return (
    <FloatButton.Group shape="square" style={{ insetInlineEnd: 24 }}>
      {actions}
      <FloatButton.BackTop tooltip={t("footer.backTop")} visibilityHeight={400} />
    </FloatButton.Group>
  );
}
