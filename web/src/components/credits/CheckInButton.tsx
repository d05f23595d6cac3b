import { CalendarOutlined, CheckCircleOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useCheckIn } from "./useCheckIn.js";

/**
 * The daily check-in for the signed-in user: "Check in" until done, then a disabled "Checked in
 * today". The award shows as a message (useCheckIn). Used in the header, the phone menu and /me.
 */
export default function CheckInButton(props: Pick<ButtonProps, "block" | "size" | "type">) {
  const { t } = useI18n();
  const { state, pending, checkIn } = useCheckIn();
  const done = state === "done";
  return (
    <Button
      {...props}
      data-testid="check-in"
      icon={done ? <CheckCircleOutlined /> : <CalendarOutlined />}
      disabled={done || state === "loading"}
      loading={pending}
      onClick={checkIn}
    >
      {done ? t("credit.checkedIn") : t("credit.checkIn")}
    </Button>
  );
}
