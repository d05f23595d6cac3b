import type { DescMessage, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";
import { Form, type FormInstance } from "antd";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";
import { type TreeEdit, treeEditOf } from "../formFields.js";
import { showRefusalOnField } from "./refusedField.js";
import { useSaveForm } from "./useSaveForm.js";

/** The AdminFormDrawer props useDrawerForm fills in: everything but the title, test id and initial values. */
export interface DrawerFormProps<Values> {
  form: FormInstance<Values>;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onFinish: (values: Values) => void;
}

/**
 * The form of a create/edit drawer whose two calls take the same message (categories, languages,
 * navigation, groups, users): `toInit` turns the form's values into it; with `item` set the save
 * updates that item (its id added), else it creates one. A refusal naming a field shows on that
 * field (`fields` maps a request field to the form's name where they differ). Spread the result into
 * AdminFormDrawer.
 */
export function useDrawerForm<Values, I extends DescMessage, CO extends DescMessage, UO extends DescMessage>(
  create: DescMethodUnary<I, CO>,
  update: DescMethodUnary<I, UO>,
  options: {
    item: { id: bigint } | null;
    toInit: (values: Values) => MessageInitShape<I>;
    open: boolean;
    onClose: () => void;
    onSaved: () => void;
    fields?: Readonly<Record<string, string>>;
  },
): DrawerFormProps<Values> {
  const { item, toInit, open, onClose, onSaved, fields } = options;
  const [form] = Form.useForm<Values>();
  const save = useSaveForm(create, update, onSaved, (cause) => showRefusalOnField(form, cause, fields));
  const onFinish = (values: Values) => {
    const init = toInit(values);
    void (item ? save.update({ ...init, id: item.id }) : save.create(init));
  };
  return { form, open, saving: save.saving, onClose, onFinish };
}

/** What a tree item's drawer (navigation, categories) is given: what it edits (null: closed) and its two ends. */
export interface TreeDrawerProps<T> {
  edit: TreeEdit<T> | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * useDrawerForm for a tree item: open while `edit` is set, titled by what it does (`titles`: edit,
 * add a child, add at the top level); also the edited item (null when new) and the parent the form
 * starts with.
 */
export function useTreeDrawerForm<
  Values,
  T extends { id: bigint; parentId: bigint },
  I extends DescMessage,
  CO extends DescMessage,
  UO extends DescMessage,
>(
  create: DescMethodUnary<I, CO>,
  update: DescMethodUnary<I, UO>,
  { edit, onClose, onSaved }: TreeDrawerProps<T>,
  titles: readonly [edit: MessageKey, addChild: MessageKey, add: MessageKey],
  toInit: (values: Values) => MessageInitShape<I>,
): { drawer: DrawerFormProps<Values> & { title: string }; item: T | null; parentId: bigint } {
  const { t } = useI18n();
  const { item, parentId } = treeEditOf(edit);
  const drawer = useDrawerForm(create, update, { item, open: edit !== null, onClose, onSaved, toInit });
  const title = t(item ? titles[0] : parentId !== 0n ? titles[1] : titles[2]);
  return { drawer: { ...drawer, title }, item, parentId };
}
