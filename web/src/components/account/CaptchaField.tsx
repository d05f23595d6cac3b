import { ConnectError } from "@connectrpc/connect";
import { callUnaryMethod, useTransport } from "@connectrpc/connect-query";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, Form, Input, Skeleton } from "antd";
import { useEffect, useId, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { rules } from "./formRules.js";

export type CaptchaScene = "login" | "register" | "comment" | "find_password" | "upload";

/**
 * The server refused a form for its captcha (missing, wrong, expired, or asked for on the spot: a
 * login from an address with many recent failures): its error names the `captcha` field.
 */
export function isCaptchaRefusal(cause: unknown): boolean {
  return (
    cause instanceof ConnectError && cause.findDetails(FieldViolationSchema).some(({ field }) => field === "captcha")
  );
}

/**
 * A captcha for one scene, loaded from UserAPI.GetUserCaptcha; `reloadKey` asks for a fresh one
 * (after a failed submit). Registers the `captcha` form field and reports the captcha id.
 * Renders nothing when the server says the scene needs no captcha.
 */
export function CaptchaField({
  scene,
  reloadKey,
  onId,
}: {
  scene: CaptchaScene;
  reloadKey: number;
  onId: (id: string) => void;
}) {
  const { t } = useI18n();
  const transport = useTransport();
  const field = useId();
  const [clicks, setClicks] = useState(0);
  // Each captcha is a challenge the server issues once, so the key is this field's and each reload's
  // own (two comment forms open at once keep theirs), outside UserAPI's keys (no invalidation swaps
  // it under the typing user), and it is never cached; the image shown stays until the next arrives.
  const query = useQuery({
    queryKey: ["captcha", scene, field, reloadKey, clicks],
    queryFn: ({ signal }) => callUnaryMethod(transport, UserAPI.method.getUserCaptcha, { type: scene }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const reply = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (reply) onId(reply.id);
  }, [reply, onId]);
  useEffect(() => {
    if (query.error) onId("");
  }, [query.error, onId]);
  const enabled = query.data?.enable ?? true;
  const image = query.error ? "" : (query.data?.captcha ?? "");
  const error = query.error ? toApiError(query.error, t("auth.captchaFailed")).message : "";

  if (!enabled) return null;
  return (
    <Form.Item label={t("auth.captcha")} required>
      <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
        <Form.Item name="captcha" rules={rules(t).captcha} noStyle>
          <Input size="large" autoComplete="off" placeholder={t("auth.captcha")} style={{ flex: 1 }} />
        </Form.Item>
        {query.isFetching && !image ? (
          <Skeleton.Button active size="large" style={{ width: 120 }} />
        ) : image ? (
          <button
            type="button"
            onClick={() => setClicks((n) => n + 1)}
            title={t("auth.captchaRefresh")}
            aria-label={t("auth.captchaRefresh")}
            style={{ padding: 0, border: 0, background: "none", cursor: "pointer", height: 40 }}
          >
            <img src={image} alt={t("auth.captcha")} data-testid="captcha-image" style={{ height: 40 }} />
          </button>
        ) : null}
      </div>
      {error && <Alert type="error" showIcon style={{ marginTop: 8 }} title={error} data-testid="captcha-error" />}
    </Form.Item>
  );
}
