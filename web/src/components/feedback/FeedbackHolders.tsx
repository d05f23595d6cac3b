// The module LazyAntdApp loads on the first toast, notification or dialog: antd's feedback hooks.
import { Modal, message, notification } from "antd";
import type { useAppProps } from "antd/lib/app/context";
import { useEffect } from "react";

/** Renders antd's feedback holders (as antd's App does) and hands their APIs over once mounted. */
export default function FeedbackHolders({ onReady }: { onReady: (api: useAppProps) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
