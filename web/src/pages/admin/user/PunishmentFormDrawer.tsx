import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { PunishmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Punishment, PunishmentAPI } from "@wenku/proto/api/v1/punishment_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Checkbox, DatePicker, Form, Input, Select, Switch } from "antd";
import { useEffect, useState } from "react";
import { AdminFormDrawer } from "../../../components/admin/AdminFormDrawer.js";
import { useSaveForm } from "../../../components/admin/list/useSaveForm.js";
import { type Dayjs, dayjs, fromDayjs, toDayjs } from "../../../components/common/dayjs.js";
import { idKey } from "../../../components/common/format.js";
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

/** Users to pick from, searched by name as the staff member types (a quarter second after the last key). */
function useUserSearch(initial: { value: string; label: string }[]) {
  const [wd, setWd] = useState("");
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wd), 250);
    return () => clearTimeout(timer);
  }, [wd]);
  const { data } = useQuery(
    UserAPI.method.listUser,
    { page: 1n, size: 20n, wd: settled },
    { placeholderData: keepPreviousData },
  );
  const options = data ? data.user.map((u) => ({ value: idKey(u.id), label: u.username })) : initial;
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
  const [form] = Form.useForm<PunishmentValues>();
  const save = useSaveForm(PunishmentAPI.method.createPunishment, PunishmentAPI.method.updatePunishment, onSaved);
  const users = useUserSearch(
    punishment ? [{ value: idKey(punishment.userId), label: punishment.username || idKey(punishment.userId) }] : [],
  );

  const submit = (values: PunishmentValues) => {
    const endTime = fromDayjs(values.endTime);
    const types = Array.isArray(values.type) ? values.type : [values.type];
    const common = { enable: values.enable, reason: values.reason ?? "", remark: values.remark ?? "", endTime };
    if (punishment) void save.update({ ...common, id: punishment.id, userId: punishment.userId, type: types[0] });
    else void save.create({ ...common, userId: values.userId.map((id) => BigInt(id)), type: types });
  };

  const typeOptions = PUNISHMENT_TYPES.map((value) => ({ value, label: t(punishmentTypeKey(value)) }));
  return (
    <AdminFormDrawer<PunishmentValues>
      title={t(punishment ? "adm.pun.edit" : "adm.pun.add")}
      open={open}
      saving={save.saving}
      onClose={onClose}
      testId="punishment-form"
      form={form}
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
      <Form.Item name="type" label={t("adm.pun.type")} rules={[{ required: true, message: t("adm.pun.typeRequired") }]}>
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
    </AdminFormDrawer>
  );
}
