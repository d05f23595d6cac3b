import { type Banner, BannerAPI } from "@wenku/proto/api/v1/banner_pb.js";
import type { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import { Form, Input, Select } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { DescriptionField, NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { ImageUploadInput } from "../../../components/admin/ImageUploadInput.js";
import { isHttpUrl, isSitePath, linkRule } from "../../../components/admin/linkRules.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { BANNER_TYPES, bannerTypeKey } from "./bannerTypes.js";

/** moredoc's banner image route: stores the image (permission 上传横幅图片) and answers its path. */
export const UPLOAD_BANNER_URL = "/api/v1/upload/banner";

interface BannerValues {
  title: string;
  type: BannerType;
  path: string;
  url: string;
  sort: number | null;
  enable: boolean;
  description: string;
}

/** Create (`edit` = "new") or edit a banner: its image uploaded here, with a preview. */
export function BannerFormDrawer({
  edit,
  onClose,
  onSaved,
}: {
  edit: Banner | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(BannerAPI.method.createBanner, BannerAPI.method.updateBanner, {
    item,
    open: edit !== null,
    onClose,
    onSaved,
    toInit: (values: BannerValues) => ({
      title: values.title.trim(),
      type: values.type,
      path: values.path,
      url: (values.url ?? "").trim(),
      sort: values.sort ?? 0,
      enable: values.enable,
      description: values.description ?? "",
    }),
  });

  return (
    <AdminFormDrawer<BannerValues>
      {...drawer}
      title={t(item ? "adm.banner.edit" : "adm.banner.add")}
      testId="banner-form"
      initialValues={{
        title: item?.title ?? "",
        type: item?.type ?? BANNER_TYPES[0],
        path: item?.path ?? "",
        url: item?.url ?? "",
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
        description: item?.description ?? "",
      }}
    >
      <NameField />
      <Form.Item name="type" label={t("adm.banner.type")}>
        <Select options={BANNER_TYPES.map((value) => ({ value, label: t(bannerTypeKey(value)) }))} />
      </Form.Item>
      <Form.Item
        name="path"
        label={t("adm.show.image")}
        extra={t("adm.banner.imageHelp")}
        rules={[{ required: true, message: t("adm.show.imageRequired") }]}
      >
        <ImageUploadInput uploadUrl={UPLOAD_BANNER_URL} testId="banner-image" />
      </Form.Item>
      <Form.Item
        name="url"
        label={t("adm.banner.url")}
        extra={t("adm.banner.urlHelp")}
        rules={[linkRule(t("adm.show.linkAny"), (s) => isSitePath(s) || isHttpUrl(s))]}
      >
        <Input maxLength={1024} placeholder="/category/1 · https://example.com" />
      </Form.Item>
      <SortField help="adm.show.sortHelp" />
      <SwitchField />
      <DescriptionField rows={2} />
    </AdminFormDrawer>
  );
}
