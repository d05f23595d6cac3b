import { LinkOutlined } from "@ant-design/icons";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { Button, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { ARTICLE_SERVICES } from "./articleListQuery.js";

/**
 * 从网址导入: staff give a web page's address; the server imports its main content and images as a
 * draft waiting for review (CrawlArticle), which then opens here in the article editor.
 */
export function CrawlArticleButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ url: string }>();
  const crawl = useAdminMutation(ArticleAPI.method.crawlArticle, {
    success: t("adm.article.crawled"),
    failure: t("adm.article.crawlFailed"),
    alsoInvalidates: ARTICLE_SERVICES,
    onSuccess: (article) => {
      setOpen(false);
      form.resetFields();
      void navigate(`/admin/article/set?id=${idKey(article.id)}`);
    },
  });
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} data-testid="article-crawl">
        {t("adm.article.crawl")}
      </Button>
      <Modal
        open={open}
        title={t("adm.article.crawl")}
        okText={t("adm.article.crawlOk")}
        confirmLoading={crawl.pending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t("adm.article.crawlHint")}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void crawl.run({ url: v.url.trim() })}>
          <Form.Item
            name="url"
            label={t("adm.article.crawlUrl")}
            rules={[
              { required: true, message: t("adm.article.crawlUrlRequired") },
              { pattern: /^\s*https?:\/\/\S+\s*$/i, message: t("adm.article.crawlUrlRequired") },
            ]}
          >
            <Input placeholder="https://" inputMode="url" autoFocus data-testid="article-crawl-url" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
