import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { App, Form, Input, InputNumber, Switch } from "antd";
import { useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** A BCP 47-like code: a 2–3 letter language, then optional subtags (zh, en, zh-CN, pt-BR). */
export const LANGUAGE_CODE = /^\s*[a-z]{2,3}(-[a-z0-9]{2,8})*\s*$/i;

interface LanguageValues {
  language: string;
  code: string;
  sort: number | null;
  enable: boolean;
}

/** Create (`edit` = "new") or edit a document language. */
export function LanguageFormDrawer({
  edit,
  onClose,
  onSaved,
}: {
  edit: Language | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const client = useClient(LanguageAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<LanguageValues>();
  const [saving, setSaving] = useState(false);
  const item = edit !== null && edit !== "new" ? edit : null;

  const submit = async (values: LanguageValues) => {
    setSaving(true);
    const init = {
      language: values.language.trim(),
      code: values.code.trim(),
      sort: values.sort ?? 0,
      enable: values.enable,
    };
    try {
      if (item) await client.updateLanguage({ ...init, id: item.id });
      else await client.createLanguage(init);
      void message.success(t(item ? "adm.common.saved" : "adm.common.created"));
      onSaved();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      title={t(item ? "adm.lang.edit" : "adm.lang.add")}
      open={edit !== null}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      testId="language-form"
    >
      <Form<LanguageValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{
          language: item?.language ?? "",
          code: item?.code ?? "",
          sort: item?.sort ?? 0,
          enable: item?.enable ?? true,
        }}
      >
        <Form.Item
          name="language"
          label={t("adm.lang.name")}
          rules={[{ required: true, whitespace: true, message: t("adm.lang.nameRequired") }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t("adm.lang.code")}
          extra={t("adm.lang.codeHelp")}
          rules={[
            { required: true, whitespace: true, message: t("adm.lang.codeRequired") },
            { pattern: LANGUAGE_CODE, message: t("adm.lang.codeInvalid") },
          ]}
        >
          <Input maxLength={16} />
        </Form.Item>
        <Form.Item name="sort" label={t("adm.common.sort")} extra={t("adm.cat.sortHelp")}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enable" label={t("adm.common.enable")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
