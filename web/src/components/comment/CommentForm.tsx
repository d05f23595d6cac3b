import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { CommentAPI } from "@wenku/proto/api/v1/comment_pb.js";
import type { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { Alert, Button, Flex, Form, Input, Typography } from "antd";
import { useCallback, useRef, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { CaptchaField } from "../account/CaptchaField.js";
import { useFeedback } from "../feedback/appContext.js";

/** The server's limit (services/content comments: COMMENT_MAX). */
export const COMMENT_MAX = 1000;

interface Values {
  content: string;
  captcha?: string;
}

/**
 * The box that posts a comment on a target (or, with `parentId`, a reply): the captcha when the settings
 * ask for one, the server's refusal (group, punishment with its reason, interval, captcha) said above the
 * button. A new captcha is fetched after every attempt (each one is single use).
 */
export function CommentForm({
  kind,
  targetId,
  parentId = 0n,
  replyTo,
  onDone,
  onCancel,
}: {
  kind: ContentKind;
  targetId: bigint;
  parentId?: bigint;
  /** The name of the author answered (a reply's placeholder). */
  replyTo?: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const { settings } = useSettings();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState("");
  const [reloadKey, setReloadKey] = useState(0);
  const captchaId = useRef("");
  const onId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);
  const create = useMutation(CommentAPI.method.createComment);
  const interval = settings.security.commentInterval;

  const onFinish = async (values: Values) => {
    setError("");
    try {
      const reply = await create.mutateAsync({
        documentId: targetId,
        parentId,
        type: kind,
        content: values.content.trim(),
        captcha: values.captcha?.trim() ?? "",
        captchaId: captchaId.current,
      });
      form.resetFields();
      // The server says whether the comment waits for review (the commenter's group needs approval).
      void message.success(t(reply.pending ? "cmt.postedPending" : "cmt.posted"));
      await invalidateMethod(queryClient, CommentAPI.method.listComment);
      onDone?.();
    } catch (err) {
      setError(toApiError(err, t("cmt.failed")).message);
      form.setFieldValue("captcha", "");
    } finally {
      setReloadKey((k) => k + 1);
    }
  };

  return (
    <Form<Values> form={form} onFinish={onFinish} layout="vertical" requiredMark={false} data-testid="comment-form">
      <Form.Item
        name="content"
        rules={[
          { required: true, whitespace: true, message: t("cmt.required") },
          { max: COMMENT_MAX, message: t("cmt.tooLong", { max: COMMENT_MAX }) },
        ]}
        style={{ marginBottom: 12 }}
      >
        <Input.TextArea
          autoSize={{ minRows: parentId ? 2 : 3, maxRows: 8 }}
          maxLength={COMMENT_MAX}
          showCount
          autoFocus={parentId > 0n}
          placeholder={replyTo ? t("cmt.replyPlaceholder", { name: replyTo }) : t("cmt.placeholder")}
          aria-label={replyTo ? t("cmt.replyTo", { name: replyTo }) : t("cmt.title")}
          data-testid="comment-input"
        />
      </Form.Item>
      {settings.security.enableCaptchaComment && <CaptchaField scene="comment" reloadKey={reloadKey} onId={onId} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="comment-error" />}
      <Flex gap={8} align="center" wrap justify="space-between">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {interval > 0 && !parentId ? t("cmt.interval", { seconds: interval }) : null}
        </Typography.Text>
        <Flex gap={8}>
          {onCancel && <Button onClick={onCancel}>{t("cmt.cancel")}</Button>}
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="comment-submit">
            {parentId ? t("cmt.submitReply") : t("cmt.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
