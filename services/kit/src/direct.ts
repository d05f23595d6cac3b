// One-process mode (`npm start`): a call from the gateway or another service into a service in the same
// process runs the method's handler directly, through the service's own interceptors (observe, access,
// input checks), instead of serialising the request and the answer through an in-memory Connect
// transport. What a caller and a handler see stays what they see over the network:
// - messages are copies (clone, cheaper than bytes and back): neither side sees the other's later changes;
// - the handler gets fresh context values, its own copy of the request headers, a signal that aborts on
//   the caller's cancel, at the deadline (ctx.timeoutMs counts down) and when the call ends;
// - the caller gets a new ConnectError as a client would (rawMessage, code, metadata, details as
//   received: type + bytes); anything not a ConnectError is "internal error", its cause kept server-side.
// Per call, nothing is allocated that a finished call does not need: the handler's AbortController is
// made only when something asks for ctx.signal, and it ends with a shared reason (no DOMException).
import {
  clone,
  create,
  type DescMessage,
  type DescMethod,
  type DescMethodStreaming,
  type DescMethodUnary,
  isMessage,
  toBinary,
} from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  type ConnectRouter,
  createContextValues,
  createMethodImplSpec,
  createServiceImplSpec,
  type HandlerContext,
  type Interceptor,
  type MethodImplSpec,
  type StreamRequest,
  type StreamResponse,
  type Transport,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";

/** What a service exposes to a direct transport: its routes and the interceptors its server runs. */
export interface DirectService {
  routes: (router: ConnectRouter) => void;
  interceptors: Interceptor[];
}

// biome-ignore lint/suspicious/noExplicitAny: an implementation of any method of any service
type AnyImpl = (input: any, ctx: HandlerContext) => any;
/** The header argument of a Transport call. */
type CallHeaders = Parameters<Transport["unary"]>[3];
type AnyFn = (req: UnaryRequest | StreamRequest) => Promise<UnaryResponse | StreamResponse>;

/** The reason a handler's signal carries once its call has ended normally (shared: no error per call). */
const ENDED = new ConnectError("the call has ended", Code.Canceled);

/** A transport calling `service`'s handlers in this process (see the file's comment). */
export function directTransport(service: DirectService): Transport {
  const impls = implementations(service.routes);
  const interceptors = service.interceptors;
  const implOf = (method: DescMethod): AnyImpl => {
    const impl = impls.get(method) ?? impls.get(pathOf(method));
    if (!impl) throw new ConnectError(`${pathOf(method)} is not implemented`, Code.Unimplemented);
    return impl;
  };

  return {
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: CallHeaders,
      input: unknown,
    ): Promise<UnaryResponse<I, O>> {
      const call = new Call(signal, timeoutMs);
      const answer = { header: new Headers(), trailer: new Headers() };
      try {
        const impl = implOf(method);
        const last: AnyFn = async (req) => ({
          stream: false,
          message: create(method.output, await impl(req.message, call.context(req, answer))),
          method,
          service: method.parent,
          header: answer.header,
          trailer: answer.trailer,
        });
        const res = await call.race(
          chain(last, interceptors)(call.request(method, header, false, copy(method.input, input))),
        );
        return {
          stream: false,
          message: clone(method.output, res.message as never),
          method,
          service: method.parent,
          header: new Headers(res.header),
          trailer: new Headers(res.trailer),
        };
      } catch (err) {
        throw received(call.failure ?? err, answer);
      } finally {
        call.end();
      }
    },

    async stream<I extends DescMessage, O extends DescMessage>(
      method: DescMethodStreaming<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: CallHeaders,
      input: AsyncIterable<unknown>,
    ): Promise<StreamResponse<I, O>> {
      const call = new Call(signal, timeoutMs);
      const answer = { header: new Headers(), trailer: new Headers() };
      let res: UnaryResponse | StreamResponse;
      try {
        const impl = implOf(method);
        const last: AnyFn = async (req) => {
          const ctx = call.context(req, answer);
          const requests = req.message as AsyncIterable<unknown>;
          let output: AsyncIterable<unknown>;
          if (method.methodKind === "server_streaming") output = impl(await single(requests, method), ctx);
          else if (method.methodKind === "client_streaming") output = once(await impl(requests, ctx));
          else output = impl(requests, ctx);
          return {
            stream: true,
            message: output,
            method,
            service: method.parent,
            header: answer.header,
            trailer: answer.trailer,
          } as StreamResponse;
        };
        const req = call.request(method, header, true, copies(method.input, input));
        res = await call.race(chain(last, interceptors)(req));
      } catch (err) {
        call.end();
        throw received(call.failure ?? err, answer);
      }
      return {
        stream: true,
        message: delivered(method.output, res.message as AsyncIterable<unknown>, call, answer),
        method,
        service: method.parent,
        header: new Headers(res.header),
        trailer: new Headers(res.trailer),
      } as StreamResponse<I, O>;
    },
  };
}

/** Each method's implementation, by its descriptor and by its path (a descriptor loaded twice). */
function implementations(routes: (router: ConnectRouter) => void): Map<DescMethod | string, AnyImpl> {
  const impls = new Map<DescMethod | string, AnyImpl>();
  const add = (spec: MethodImplSpec) => {
    impls.set(spec.method, spec.impl as AnyImpl);
    impls.set(pathOf(spec.method), spec.impl as AnyImpl);
  };
  const router: ConnectRouter = {
    handlers: [],
    service(service, impl) {
      for (const spec of Object.values(createServiceImplSpec(service, impl).methods)) add(spec);
      return router;
    },
    rpc(method, impl) {
      add(createMethodImplSpec(method, impl as never));
      return router;
    },
  };
  routes(router);
  return impls;
}

const pathOf = (method: DescMethod) => `/${method.parent.typeName}/${method.name}`;

/** Interceptors around `last`, the first one outermost (as connect-es applies them). */
function chain(last: AnyFn, interceptors: readonly Interceptor[]): AnyFn {
  let next = last;
  for (let i = interceptors.length - 1; i >= 0; i--) next = (interceptors[i] as Interceptor)(next);
  return next;
}

/** The callee's own copy of a request message or init object. */
function copy(desc: DescMessage, input: unknown) {
  return clone(desc, isMessage(input, desc) ? input : create(desc, input as never));
}

async function* copies(desc: DescMessage, input: AsyncIterable<unknown>) {
  for await (const m of input) yield copy(desc, m);
}

async function* once<T>(value: T) {
  yield value;
}

async function single(messages: AsyncIterable<unknown>, method: DescMethod): Promise<unknown> {
  const it = messages[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) {
    throw new ConnectError(`protocol error: missing input message for ${method.methodKind} method`, Code.Unimplemented);
  }
  const second = await it.next();
  if (!second.done) {
    await it.return?.();
    throw new ConnectError(
      `protocol error: received extra input message for ${method.methodKind} method`,
      Code.Unimplemented,
    );
  }
  return first.value;
}

/** A streamed answer as the caller reads it: copies, within the call's deadline, the call ended after. */
async function* delivered(
  desc: DescMessage,
  messages: AsyncIterable<unknown>,
  call: Call,
  answer: { header: Headers; trailer: Headers },
) {
  const it = messages[Symbol.asyncIterator]();
  let finished = false;
  // a caller gone while the handler waits for it to read: the handler's stream is closed at once
  call.onFail = () => void it.return?.().catch(() => {});
  try {
    for (;;) {
      const r = await call.race(it.next());
      if (r.done) {
        finished = true;
        return;
      }
      yield clone(desc, create(desc, r.value as never));
    }
  } catch (err) {
    finished = true; // the handler's iterator threw (it is done) or the call failed (ended below)
    throw received(call.failure ?? err, answer);
  } finally {
    // the caller stopped reading early, or the call failed: the handler's signal aborts, its iterator returns
    const failed = call.failure !== undefined;
    call.end();
    if (!finished && !failed) it.return?.().catch(() => {}); // (a failure returned it already)
  }
}

/** An error as a network client receives it: a new ConnectError, details as type + bytes. */
function received(err: unknown, answer: { header: Headers; trailer: Headers }): ConnectError {
  if (!(err instanceof ConnectError)) return new ConnectError("internal error", Code.Internal);
  const metadata = new Headers(answer.header);
  for (const [k, v] of answer.trailer) metadata.append(k, v);
  for (const [k, v] of err.metadata) metadata.set(k, v);
  const out = new ConnectError(err.rawMessage, err.code, metadata);
  for (const d of err.details) {
    if ("desc" in d) out.details.push({ type: d.desc.typeName, value: toBinary(d.desc, create(d.desc, d.value)) });
    else out.details.push(d);
  }
  return out;
}

/**
 * One call's cancellation: the caller's signal and the deadline fail it (the caller is answered at once,
 * as a network client would be); the handler's signal is made when first asked for.
 */
class Call {
  failure: ConnectError | undefined;
  /** Runs once when the call fails (cancel, deadline). */
  onFail: (() => void) | undefined;
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly deadline: number | undefined;
  private reject: ((err: ConnectError) => void) | undefined;
  private ended = false;

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ) {
    if (timeoutMs !== undefined) {
      this.deadline = Date.now() + timeoutMs;
      if (timeoutMs <= 0) this.fail(timedOut());
      else this.timer = setTimeout(() => this.fail(timedOut()), timeoutMs);
    }
    if (callerSignal) {
      if (callerSignal.aborted) this.fail(ConnectError.from(callerSignal.reason, Code.Canceled));
      else callerSignal.addEventListener("abort", this.onCallerAbort);
    }
  }

  private readonly onCallerAbort = () => {
    this.fail(ConnectError.from(this.callerSignal?.reason, Code.Canceled));
  };

  /** The handler's signal: aborted by the caller, the deadline, or the end of the call. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.failure) this.controller.abort(this.failure);
      else if (this.ended) this.controller.abort(ENDED);
    }
    return this.controller.signal;
  }

  fail(err: ConnectError): void {
    if (this.failure || this.ended) return;
    this.failure = err;
    this.controller?.abort(err);
    this.reject?.(err);
    this.reject = undefined;
    this.onFail?.();
  }

  /** `p`, or the call's failure if it comes first (one race at a time: a unary call, a stream's next). */
  race<T>(p: Promise<T>): Promise<T> {
    if (this.failure) {
      p.catch(() => {});
      return Promise.reject(this.failure);
    }
    if (this.timer === undefined && !this.callerSignal) return p;
    return new Promise<T>((resolve, reject) => {
      this.reject = reject;
      p.then(
        (v) => {
          this.reject = undefined;
          resolve(v);
        },
        (e) => {
          this.reject = undefined;
          reject(e);
        },
      );
    });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener("abort", this.onCallerAbort);
    if (this.controller && !this.controller.signal.aborted) this.controller.abort(ENDED);
  }

  request(method: DescMethod, header: CallHeaders, stream: boolean, message: unknown) {
    const call = this;
    return {
      stream,
      message,
      method,
      service: method.parent,
      requestMethod: "POST",
      url: `https://in-memory${pathOf(method)}`,
      get signal() {
        return call.signal;
      },
      header: new Headers(header),
      contextValues: createContextValues(),
    } as UnaryRequest | StreamRequest;
  }

  /** The handler's context for the request as the interceptors passed it on. */
  context(req: UnaryRequest | StreamRequest, answer: { header: Headers; trailer: Headers }): HandlerContext {
    const deadline = this.deadline;
    return {
      method: req.method,
      service: req.service,
      requestMethod: req.requestMethod,
      protocolName: "connect",
      url: req.url,
      get signal() {
        return req.signal;
      },
      timeoutMs: () => (deadline === undefined ? undefined : deadline - Date.now()),
      requestHeader: req.header,
      responseHeader: answer.header,
      responseTrailer: answer.trailer,
      values: req.contextValues,
    };
  }
}

function timedOut(): ConnectError {
  return new ConnectError("the operation timed out", Code.DeadlineExceeded);
}
