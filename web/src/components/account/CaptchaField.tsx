import { ConnectError } from "@connectrpc/connect";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, Form, Input, Skeleton } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useClient } from "../../api/client.js";
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

interface CaptchaState {
  id: string;
  image: string;
  error: string;
  loading: boolean;
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
  const users = useClient(UserAPI);
  const [state, setState] = useState<CaptchaState>({ id: "", image: "", error: "", loading: true });
  const [enabled, setEnabled] = useState(true);
  const [clicks, setClicks] = useState(0);

  const load = useCallback(
    async (signal: AbortSignal) => {
      setState((s) => ({ ...s, loading: true }));
      try {
        const reply = await users.getUserCaptcha({ type: scene }, { signal });
        setEnabled(reply.enable);
        setState({ id: reply.id, image: reply.captcha, error: "", loading: false });
        onId(reply.id);
      } catch (error) {
        if (signal.aborted) return;
        setState({ id: "", image: "", error: toApiError(error, t("auth.captchaFailed")).message, loading: false });
        onId("");
      }
    },
    [users, scene, onId, t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and clicks ask for a new image
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load, reloadKey, clicks]);

  if (!enabled) return null;
  return (
    <Form.Item label={t("auth.captcha")} required>
      <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
        <Form.Item name="captcha" rules={rules(t).captcha} noStyle>
          <Input size="large" autoComplete="off" placeholder={t("auth.captcha")} style={{ flex: 1 }} />
        </Form.Item>
        {state.loading && !state.image ? (
          <Skeleton.Button active size="large" style={{ width: 120 }} />
        ) : state.image ? (
          <button
            type="button"
            onClick={() => setClicks((n) => n + 1)}
            title={t("auth.captchaRefresh")}
            aria-label={t("auth.captchaRefresh")}
            style={{ padding: 0, border: 0, background: "none", cursor: "pointer", height: 40 }}
          >
            <img src={state.image} alt={t("auth.captcha")} data-testid="captcha-image" style={{ height: 40 }} />
          </button>
        ) : null}
      </div>
      {state.error && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} title={state.error} data-testid="captcha-error" />
      )}
    </Form.Item>
  );
}
