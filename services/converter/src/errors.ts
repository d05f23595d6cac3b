// The one error the converter throws. `reason` is a stable code for logs and metrics, `message` is
// the Chinese text an administrator reads in the back office (document.convert_error), `detail` the
// English technical detail for logs. `retryable` decides between "try again later" (tool crash,
// storage hiccup, shutdown) and "this file will never convert" (corrupt, encrypted, empty, unsupported,
// too complex, over a time or memory limit, a converter that is not installed). A limit that was hit
// once is hit again: timeouts and resource-limit kills are final at once, so one hostile document
// costs one attempt, not five.

export type ConversionReason =
  | "unsupported_format"
  | "corrupt"
  | "encrypted"
  | "empty"
  | "source_missing"
  | "too_large"
  | "timeout"
  | "too_complex"
  | "tool_missing"
  | "tool_failed"
  | "aborted"
  | "internal";

const messages: Record<ConversionReason, string> = {
  unsupported_format: "暂不支持转换该格式的文档",
  corrupt: "文档已损坏或格式无法识别，无法转换",
  encrypted: "文档已加密（需要密码），无法转换",
  empty: "文档为空（没有任何页面），无法转换",
  source_missing: "文档源文件不存在，无法转换",
  too_large: "文档过大，超出转换限制",
  timeout: "文档转换超时（超出转换时间限制），可在后台重新转换",
  too_complex: "文档页面过于复杂（超出每页转换的时间或内存限制），无法转换",
  tool_missing: "服务器未安装转换该格式所需的程序，无法转换",
  tool_failed: "文档转换程序异常退出",
  aborted: "文档转换被中断",
  internal: "文档转换时发生内部错误",
};

const retryableByDefault: Record<ConversionReason, boolean> = {
  unsupported_format: false,
  corrupt: false,
  encrypted: false,
  empty: false,
  source_missing: false,
  too_large: false,
  timeout: false,
  too_complex: false,
  tool_missing: false,
  tool_failed: true,
  aborted: true,
  internal: true,
};

export class ConversionError extends Error {
  override readonly name = "ConversionError";
  readonly retryable: boolean;
  /** A retryable failure deserves at most this many deliveries in all (the worker's maxAttempts when unset). */
  readonly maxAttempts: number | undefined;
  /** English, technical: what exactly went wrong (tool output, MuPDF message). */
  readonly detail: string;

  constructor(
    readonly reason: ConversionReason,
    detail: string,
    opts?: ErrorOptions & { retryable?: boolean; message?: string; maxAttempts?: number },
  ) {
    super(opts?.message ?? messages[reason], opts);
    this.detail = detail;
    this.retryable = opts?.retryable ?? retryableByDefault[reason];
    this.maxAttempts = opts?.maxAttempts;
  }
}

/** Duck-typed: errors cross jest's vm realms, where `instanceof` fails. */
export function isConversionError(err: unknown): err is ConversionError {
  return typeof err === "object" && err !== null && (err as { name?: unknown }).name === "ConversionError";
}

/** Any error as a ConversionError; unknown errors are internal and retryable. */
export function toConversionError(err: unknown): ConversionError {
  if (isConversionError(err)) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new ConversionError("internal", detail.slice(0, 500), { cause: err });
}

/** Throws when the signal fired: "aborted" (handed back, retryable) or "timeout" (final). */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** "timeout" (final) when the signal came from AbortSignal.timeout(), "aborted" (retryable) otherwise. */
export function abortError(signal: AbortSignal): ConversionError {
  const r: unknown = signal.reason;
  const name = typeof r === "object" && r !== null ? (r as { name?: unknown }).name : undefined;
  const why = r instanceof Error ? r.message : String(r ?? "aborted");
  return new ConversionError(name === "TimeoutError" ? "timeout" : "aborted", why, { cause: r });
}
