import { type Advertisement, AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import { Form, Input, Radio, Select } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { ImageUploadInput } from "../../../components/admin/ImageUploadInput.js";
import { isHttpUrl, isSitePath, linkRule } from "../../../components/admin/linkRules.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { fromDayjs, toDayjs } from "../../../components/common/dayjs.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { UPLOAD_BANNER_URL } from "../banner/BannerFormDrawer.js";
import { AdPreview } from "./AdPreview.js";
import { positionOptions } from "./positions.js";
import { type AdWindow, WindowInput } from "./WindowInput.js";

type Kind = "html" | "image";

interface AdvertisementValues {
  position: string;
  title: string;
  kind: Kind;
  content: string;
  image: string;
  link: string;
  window: AdWindow;
  sort: number | null;
  enable: boolean;
  remark: string;
}

/**
 * Create (`edit` = "new") or edit an advertisement: its position (grouped by page), HTML code or an
 * uploaded image with a link, its start/end window, and a preview as pages will show it.
 */
export function AdvertisementFormDrawer({
  edit,
  onClose,
  onSaved,
}: {
  edit: Advertisement | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(
    AdvertisementAPI.method.createAdvertisement,
    AdvertisementAPI.method.updateAdvertisement,
    {
      item,
      open: edit !== null,
      onClose,
      onSaved,
      fields: { start_time: "window", end_time: "window" },
      toInit: (values: AdvertisementValues) => {
        const image = values.kind === "image";
        return {
          position: values.position,
          title: values.title.trim(),
          // An image ad's HTML is written by the server from its image and link.
          content: image ? "" : values.content,
          image: image ? values.image : "",
          link: image ? (values.link ?? "").trim() : "",
          startTime: fromDayjs(values.window?.[0]),
          endTime: fromDayjs(values.window?.[1]),
          sort: values.sort ?? 0,
          enable: values.enable,
          remark: values.remark ?? "",
        };
      },
    },
  );
  const kind: Kind = Form.useWatch("kind", drawer.form) ?? (item?.image ? "image" : "html");
  const content: string = Form.useWatch("content", drawer.form) ?? "";
  const image: string = Form.useWatch("image", drawer.form) ?? "";

  return (
    <AdminFormDrawer<AdvertisementValues>
      {...drawer}
      title={t(item ? "adm.ad.edit" : "adm.ad.add")}
      testId="advertisement-form"
      initialValues={{
        position: item?.position || undefined,
        title: item?.title ?? "",
        kind: item?.image ? "image" : "html",
        content: item && !item.image ? item.content : "",
        image: item?.image ?? "",
        link: item?.link ?? "",
        window: [toDayjs(item?.startTime) ?? null, toDayjs(item?.endTime) ?? null],
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
        remark: item?.remark ?? "",
      }}
    >
      <Form.Item
        name="position"
        label={t("adm.ad.position")}
        rules={[{ required: true, message: t("adm.ad.positionRequired") }]}
      >
        <Select
          showSearch={{ optionFilterProp: "label" }}
          virtual={false}
          placeholder={t("adm.ad.positionRequired")}
          options={positionOptions(t)}
          data-testid="ad-position"
        />
      </Form.Item>
      <NameField />
      <Form.Item name="kind" label={t("adm.ad.kind")}>
        <Radio.Group
          optionType="button"
          options={[
            { value: "html", label: t("adm.ad.kind.html") },
            { value: "image", label: t("adm.ad.kind.image") },
          ]}
        />
      </Form.Item>
      {kind === "html" ? (
        <Form.Item
          name="content"
          label={t("adm.ad.content")}
          extra={t("adm.ad.contentHelp")}
          rules={[{ required: true, whitespace: true, message: t("adm.ad.contentRequired") }]}
        >
          <Input.TextArea rows={5} maxLength={65_536} style={{ fontFamily: "monospace" }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="image"
            label={t("adm.show.image")}
            rules={[{ required: true, message: t("adm.show.imageRequired") }]}
          >
            <ImageUploadInput uploadUrl={UPLOAD_BANNER_URL} testId="ad-image" />
          </Form.Item>
          <Form.Item
            name="link"
            label={t("adm.ad.link")}
            extra={t("adm.ad.linkHelp")}
            rules={[linkRule(t("adm.show.linkAny"), (s) => isSitePath(s) || isHttpUrl(s))]}
          >
            <Input maxLength={1024} placeholder="https://example.com · /category/1" />
          </Form.Item>
        </>
      )}
      <Form.Item label={t("adm.ad.preview")}>
        <AdPreview kind={kind} content={content} image={image} />
      </Form.Item>
      <Form.Item name="window" label={t("adm.ad.window")} extra={t("adm.ad.windowHelp")}>
        <WindowInput />
      </Form.Item>
      <SortField help="adm.show.sortHelp" />
      <SwitchField />
      <Form.Item name="remark" label={t("adm.ad.remark")} extra={t("adm.ad.remarkHelp")}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </AdminFormDrawer>
  );
}
