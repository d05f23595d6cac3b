import { Typography } from "antd";
import { useI18n } from "../../../i18n/I18nProvider.js";

/**
 * The ad as a page will show it: an image ad's image (linked when it has a link), or the HTML staff
 * wrote, inside the same .wk-ad box as the pages' slots. The app's CSP keeps the HTML from running
 * scripts, here as on the pages.
 */
export function AdPreview({ kind, content, image }: { kind: "html" | "image"; content: string; image: string }) {
  const { t } = useI18n();
  const empty = kind === "image" ? !image : !content.trim();
  return (
    <div
      data-testid="ad-preview"
      style={{ border: "1px dashed #d9d9d9", borderRadius: 6, padding: 12, overflow: "auto", maxHeight: 320 }}
    >
      {empty ? (
        <Typography.Text type="secondary">{t("adm.ad.previewEmpty")}</Typography.Text>
      ) : kind === "image" ? (
        <img src={image} alt="" style={{ display: "block", maxWidth: "100%" }} />
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: staff's own ad markup, previewed as the pages show it (the CSP forbids inline script)
        <div className="wk-ad" dangerouslySetInnerHTML={{ __html: content }} />
      )}
    </div>
  );
}
