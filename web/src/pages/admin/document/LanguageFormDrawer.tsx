import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { Form, Input } from "antd";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { NameField, SortField, SwitchField } from "../../../components/admin/formFields.js";
import { useDrawerForm } from "../../../components/admin/list/useDrawerForm.js";
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
  const item = edit !== null && edit !== "new" ? edit : null;
  const drawer = useDrawerForm(LanguageAPI.method.createLanguage, LanguageAPI.method.updateLanguage, {
    item,
    open: edit !== null,
    onClose,
    onSaved,
    toInit: (values: LanguageValues) => ({
      language: values.language.trim(),
      code: values.code.trim(),
      sort: values.sort ?? 0,
      enable: values.enable,
    }),
  });

  return (
    <AdminFormDrawer<LanguageValues>
      {...drawer}
      title={t(item ? "adm.lang.edit" : "adm.lang.add")}
      testId="language-form"
      initialValues={{
        language: item?.language ?? "",
        code: item?.code ?? "",
        sort: item?.sort ?? 0,
        enable: item?.enable ?? true,
      }}
    >
      <NameField name="language" label="adm.lang.name" required="adm.lang.nameRequired" />
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
      <SortField help="adm.cat.sortHelp" />
      <SwitchField />
    </AdminFormDrawer>
  );
}
