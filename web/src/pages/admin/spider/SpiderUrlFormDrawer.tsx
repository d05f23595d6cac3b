import type { SpiderUrl } from "@wenku/proto/api/v1/spider_pb.js";
import { SpiderUrlAPI } from "@wenku/proto/api/v1/spider_pb.js";
import { Cascader, Form, Input, InputNumber, Select } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { isHttpUrl } from "../../../components/admin/linkRules.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { cascaderPath, categoryIdsOf } from "../../../components/document/documentQuery.js";
import type { DocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface SpiderUrlValues {
  url: string;
  title: string;
  category: string[] | undefined;
  languageId: string | undefined;
  price: number | null;
  interval: number | null;
  depth: number | null;
  userId: string;
}

/** The server's bounds (spider service): an interval of 1 s to a day; a price the int32 column holds. */
export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 86_400;
export const PRICE_MAX = 2_147_483_647;
export const DEPTH_MAX = 5;
const DEFAULT_INTERVAL = 5;
/** The start page and the pages it links to: where a site's list of documents usually is. */
const DEFAULT_DEPTH = 1;
const USER_ID = /^\d{1,18}$/;

/**
 * Add (`edit` = "new") or edit a URL to crawl: where to start, and how the documents found are
 * published (categories, language, price, owner) and how gently the site is asked (interval).
 * Saving an edit keeps the crawl's status as it is: crawling again is the list's own action.
 */
export function SpiderUrlFormDrawer({
  edit,
  options,
  onClose,
  onSaved,
}: {
  edit: SpiderUrl | "new" | null;
  options: DocumentOptions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(SpiderUrlAPI.method.createSpiderUrl, SpiderUrlAPI.method.updateSpiderUrl, {
    item,
    open: edit !== null,
    onClose,
    onSaved,
    fields: { category_id: "category", language_id: "languageId", user_id: "userId" },
    toInit: (v: SpiderUrlValues) => ({
      url: v.url.trim(),
      title: (v.title ?? "").trim(),
      categoryId: categoryIdsOf(v.category),
      languageId: v.languageId ? BigInt(v.languageId) : 0n,
      price: v.price ?? 0,
      interval: v.interval ?? DEFAULT_INTERVAL,
      depth: v.depth ?? 0,
      userId: v.userId?.trim() ? BigInt(v.userId.trim()) : 0n,
      ...(item && { status: item.status }),
    }),
  });

  return (
    <AdminFormDrawer<SpiderUrlValues>
      {...drawer}
      title={t(item ? "adm.spider.edit" : "adm.spider.add")}
      testId="spider-url-form"
      initialValues={{
        url: item?.url ?? "",
        title: item?.title ?? "",
        category: item ? cascaderPath(options.categories, item.categoryId) : undefined,
        languageId: item?.languageId ? String(item.languageId) : undefined,
        price: item?.price ?? 0,
        interval: item?.interval || DEFAULT_INTERVAL,
        depth: item ? item.depth : DEFAULT_DEPTH,
        userId: item?.userId ? String(item.userId) : "",
      }}
    >
      <Form.Item
        name="url"
        label={t("adm.spider.url")}
        extra={t("adm.spider.urlHelp")}
        rules={[
          {
            required: true,
            validator: (_, value?: string) =>
              value && isHttpUrl(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t("adm.spider.urlRequired"))),
          },
        ]}
      >
        <Input maxLength={2048} placeholder="https://example.com/docs/" inputMode="url" />
      </Form.Item>
      <Form.Item name="title" label={t("adm.spider.title")} extra={t("adm.spider.titleHelp")}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        name="category"
        label={t("adm.spider.category")}
        rules={[{ required: true, type: "array", min: 1, message: t("adm.spider.categoryRequired") }]}
      >
        <Cascader
          changeOnSelect
          allowClear
          showSearch
          options={options.categoryOptions}
          placeholder={t("dl.categoryPlaceholder")}
          data-testid="spider-url-category"
        />
      </Form.Item>
      <Form.Item name="languageId" label={t("adm.spider.language")}>
        <Select allowClear options={options.languageOptions} placeholder={t("dl.languagePlaceholder")} />
      </Form.Item>
      <Form.Item name="price" label={t("adm.spider.price")} extra={t("dl.priceHelp")}>
        <InputNumber min={0} max={PRICE_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="interval" label={t("adm.spider.interval")} extra={t("adm.spider.intervalHelp")}>
        <InputNumber min={INTERVAL_MIN} max={INTERVAL_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="depth" label={t("adm.spider.depth")} extra={t("adm.spider.depthHelp")}>
        <InputNumber min={0} max={DEPTH_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="userId"
        label={t("adm.spider.owner")}
        extra={t("adm.spider.ownerHelp")}
        rules={[{ pattern: USER_ID, message: t("adm.spider.owner") }]}
      >
        <Input inputMode="numeric" maxLength={18} style={{ width: 160 }} />
      </Form.Item>
    </AdminFormDrawer>
  );
}
