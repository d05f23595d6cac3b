import { PunishmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Punishment, PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Checkbox, DatePicker, Form, Input, Select, Switch } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { FormDrawer } from "../../../components/common/FormDrawer.js";
import { fromDayjs, idKey, toDayjs } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** The six punishment types (spec §3), in enum order. */
export const PUNISHMENT_TYPES = [
  PunishmentType.DISABLE,
  PunishmentType.NO_COMMENT,
  PunishmentType.NO_UPLOAD,
  PunishmentType.NO_DOWNLOAD,
  PunishmentType.NO_FAVORITE,
  PunishmentType.NO_ARTICLE,
];
export const punishmentTypeKey = (type: PunishmentType) => `adm.pun.type.${type}` as MessageKey;

/** Spec §9 expiry shortcuts: 1h, 12h, 1d, 2d, 1w, 1m, half a year, 1y. */
const EXPIRY_PRESETS: readonly [string, number, dayjs.ManipulateType][] = [
  ["1h", 1, "hour"],
  ["12h", 12, "hour"],
  ["1d", 1, "day"],
  ["2d", 2, "day"],
  ["1w", 1, "week"],
  ["1m", 1, "month"],
  ["6m", 6, "month"],
  ["1y", 1, "year"],
];

interface PunishmentValues {
  userId: string[];
  /** Several types when punishing, one when changing a punishment. */
  type: PunishmentType[] | PunishmentType;
  enable: boolean;
  endTime: Dayjs | null;
  reason: string;
  remark: string;
}

/** Users to pick from, searched by name as the staff member types. */
function useUserSearch(initial: { value: string; label: string }[]) {
  const client = useClient(UserAPI);
  const [wd, setWd] = useState("");
  const [options, setOptions] = useState(initial);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      client.listUser({ page: 1n, size: 20n, wd }, { signal: abort.signal }).then(
        (reply) => setOptions(reply.user.map((u) => ({ value: idKey(u.id), label: u.username }))),
        () => {},
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [client, wd]);
  return { options, onSearch: setWd };
}

/** Punish users (one row per user and type), or change one punishment. */
export function PunishmentFormDrawer({
  open,
  punishment,
  onClose,
  onSaved,
}: {
  open: boolean;
  punishment: Punishment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const client = useClient(PunishmentAPI);
  const { message } = App.useApp();
  const [form] = Form.useForm<PunishmentValues>();
  const [saving, setSaving] = useState(false);
  const users = useUserSearch(
    punishment ? [{ value: idKey(punishment.userId), label: punishment.username || idKey(punishment.userId) }] : [],
  );

  const submit = async (values: PunishmentValues) => {
    setSaving(true);
    const endTime = fromDayjs(values.endTime);
    const types = Array.isArray(values.type) ? values.type : [values.type];
    const common = { enable: values.enable, reason: values.reason ?? "", remark: values.remark ?? "", endTime };
    try {
      if (punishment) {
        await client.updatePunishment({ ...common, id: punishment.id, userId: punishment.userId, type: types[0] });
      } else {
        await client.createPunishment({ ...common, userId: values.userId.map((id) => BigInt(id)), type: types });
      }
      void message.success(t(punishment ? "adm.common.saved" : "adm.common.created"));
      onSaved();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = PUNISHMENT_TYPES.map((value) => ({ value, label: t(punishmentTypeKey(value)) }));
  return (
    <FormDrawer
      title={t(punishment ? "adm.pun.edit" : "adm.pun.add")}
      open={open}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      testId="punishment-form"
    >
      <Form<PunishmentValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{
          userId: punishment ? [idKey(punishment.userId)] : [],
          type: punishment ? punishment.type : [],
          enable: punishment?.enable ?? true,
          endTime: toDayjs(punishment?.endTime) ?? null,
          reason: punishment?.reason ?? "",
          remark: punishment?.remark ?? "",
        }}
      >
        <Form.Item
          name="userId"
          label={t("adm.pun.user")}
          rules={[{ required: true, message: t("adm.pun.userRequired") }]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: users.onSearch }}
            disabled={punishment !== null}
            placeholder={t("adm.pun.userPlaceholder")}
            options={users.options}
            data-testid="punishment-users"
          />
        </Form.Item>
        <Form.Item
          name="type"
          label={t("adm.pun.type")}
          rules={[{ required: true, message: t("adm.pun.typeRequired") }]}
        >
          {punishment ? (
            <Select options={typeOptions} />
          ) : (
            <Checkbox.Group
              style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 8 }}
              options={typeOptions}
            />
          )}
        </Form.Item>
        <Form.Item name="endTime" label={t("adm.pun.endTime")} extra={t("adm.pun.endTimeHelp")}>
          <DatePicker
            showTime
            style={{ width: "100%" }}
            disabledDate={(day) => day.isBefore(dayjs(), "day")}
            presets={EXPIRY_PRESETS.map(([label, amount, unit]) => ({ label, value: () => dayjs().add(amount, unit) }))}
          />
        </Form.Item>
        <Form.Item name="enable" label={t("adm.pun.enable")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="reason" label={t("adm.pun.reason")} extra={t("adm.pun.reasonHelp")}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
        <Form.Item name="remark" label={t("adm.pun.remark")}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
