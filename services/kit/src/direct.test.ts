// The direct transport (one-process mode) against Connect's in-memory wire transport, on the same
// contract services and interceptors: what a caller and a handler see must not depend on which one
// carries the call. Then what only a direct call could get wrong: shared messages, deadlines and
// cancellation without a network in between, streams stopped early.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import {
  Code,
  ConnectError,
  type ConnectRouter,
  createClient,
  createRouterTransport,
  type HandlerContext,
  type Interceptor,
  type Transport,
} from "@connectrpc/connect";
import { AttachmentSchema, type FileChunk, FileChunkSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import {
  DocumentAPI,
  type UploadDocumentRequest,
  type UploadDocumentRequestSchema,
} from "@wenku/proto/api/v1/document_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { type User, UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { pino } from "pino";
import { type Authorizer, anonymous } from "./authorizer.js";
import { directTransport } from "./direct.js";
import { DomainError } from "./errors.js";
import { actor, headers } from "./identity.js";
import { accessInterceptor, observeInterceptor } from "./interceptors.js";
import { inputInterceptor, validateMessages } from "./validate.js";

const TOKEN = "t".repeat(40);

interface Service {
  routes: (router: ConnectRouter) => void;
  interceptors: Interceptor[];
  /** What the handlers saw. */
  seen: {
    ctx?: HandlerContext;
    user?: User;
    uploads: UploadDocumentRequest[];
    pageClosed: boolean;
  };
  /** Resolved when ViewDocumentPage's stream has closed. */
  pageClosed: Promise<void>;
  /** GetUser's next answer: a shared (cached) message, or an error. */
  next: { reply?: User; err?: unknown; hang?: boolean };
}

function service(): Service {
  const authorizer: Authorizer = {
    async authorize(token) {
      return token === "member"
        ? { userId: 7n, sessionId: "s7", granted: false, staff: false, expiresAt: 0 }
        : anonymous;
    },
  };
  let closed = () => {};
  const s: Service = {
    pageClosed: new Promise<void>((r) => {
      closed = r;
    }),
    seen: { uploads: [], pageClosed: false },
    next: {},
    interceptors: [
      observeInterceptor(pino({ level: "silent" })),
      accessInterceptor({ authorizer, internalToken: TOKEN }),
      inputInterceptor(),
    ],
    routes: (router) => {
      router.service(UserAPI, {
        async getUser(req, ctx) {
          s.seen.ctx = ctx;
          if (s.next.hang) await new Promise(() => {});
          if (s.next.err) throw s.next.err;
          return s.next.reply ?? create(UserSchema, { id: req.id, username: `u${req.id}` });
        },
        async updateUserProfile(req, ctx) {
          s.seen.ctx = ctx;
          s.seen.user = req;
          return create(EmptySchema);
        },
      });
      router.service(DocumentAPI, {
        async *viewDocumentPage(req, ctx) {
          s.seen.ctx = ctx;
          try {
            for (let i = 0; i < req.page; i++) yield create(FileChunkSchema, { data: new Uint8Array([i]) });
          } finally {
            s.seen.pageClosed = true;
            closed();
          }
        },
        async uploadDocument(reqs, ctx) {
          s.seen.ctx = ctx;
          for await (const r of reqs) s.seen.uploads.push(r);
          return create(AttachmentSchema, { name: `${s.seen.uploads.length} parts` });
        },
      });
    },
  };
  return s;
}

const transports: Array<[string, (s: Service) => Transport]> = [
  ["wire", (s) => createRouterTransport(s.routes, { router: { interceptors: s.interceptors } })],
  ["direct", (s) => directTransport(s)],
];

async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ConnectError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

async function* each<T>(...items: T[]) {
  yield* items;
}

describe.each(transports)("a call through the %s transport", (_name, transportOf) => {
  let s: Service;
  let user: ReturnType<typeof createClient<typeof UserAPI>>;
  let documents: ReturnType<typeof createClient<typeof DocumentAPI>>;
  beforeEach(() => {
    s = service();
    const t = transportOf(s);
    user = createClient(UserAPI, t);
    documents = createClient(DocumentAPI, t);
  });

  test("runs the service's interceptors: the handler sees the caller the access check put in context", async () => {
    const got = await user.getUser(
      { id: 3n },
      { headers: { authorization: "Bearer member", [headers.requestId]: "r1", [headers.clientIp]: "1.2.3.4" } },
    );
    expect(got.username).toBe("u3");
    const call = actor(s.seen.ctx as HandlerContext);
    expect(call.identity?.userId).toBe(7n);
    expect(call.requestId).toBe("r1");
    expect(call.clientIp).toBe(""); // no edge credential: the address is not believed
    expect(s.seen.ctx?.requestHeader.get(headers.requestId)).toBe("r1");
  });

  test("refusals of the interceptors reach the caller with their code and metadata", async () => {
    const err = await refusal(user.getUser({ id: 1n }, { headers: { authorization: "Bearer nobody" } }));
    expect(err.code).toBe(Code.Unauthenticated);
    expect(err.metadata.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    const nul = await refusal(
      user.updateUserProfile({ username: "a\u0000b" }, { headers: { authorization: "Bearer member" } }),
    );
    expect(nul.code).toBe(Code.InvalidArgument);
    expect(nul.rawMessage).toBe(validateMessages.nul);
    expect(s.seen.user).toBeUndefined();
  });

  test("a domain error arrives as a network client receives it: code, message, details as bytes", async () => {
    s.next.err = new DomainError("invalid_argument", "用户名太短", undefined, "username");
    const err = await refusal(user.getUser({ id: 1n }));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toBe("用户名太短");
    expect(err.findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["username"]);
    expect(err.details.every((d) => "type" in d && d.value instanceof Uint8Array)).toBe(true);
  });

  test("an unknown error is internal, its message kept on the server", async () => {
    s.next.err = new Error("secret table name");
    const err = await refusal(user.getUser({ id: 1n }));
    expect(err.code).toBe(Code.Internal);
    expect(err.rawMessage).not.toContain("secret");
  });

  test("caller and handler never share a message", async () => {
    const cached = create(UserSchema, { id: 1n, username: "cached" });
    s.next.reply = cached;
    const first = await user.getUser({ id: 1n });
    first.username = "changed by the caller";
    expect(cached.username).toBe("cached");
    expect((await user.getUser({ id: 1n })).username).toBe("cached");
    const req = create(UserSchema, { username: "before" });
    await user.updateUserProfile(req, { headers: { authorization: "Bearer member" } });
    req.username = "after";
    expect(s.seen.user?.username).toBe("before");
  });

  test("each call has its own context values and request headers", async () => {
    await user.getUser({ id: 1n }, { headers: { authorization: "Bearer member" } });
    const first = s.seen.ctx as HandlerContext;
    await user.getUser({ id: 2n });
    expect(actor(first).identity?.userId).toBe(7n);
    expect(actor(s.seen.ctx as HandlerContext).identity).toBeNull();
    expect(s.seen.ctx?.requestHeader.get("authorization")).toBeNull();
  });

  test("a handler past the deadline: the caller gets deadline_exceeded and the handler's signal aborts", async () => {
    s.next.hang = true;
    const err = await refusal(user.getUser({ id: 1n }, { timeoutMs: 20 }));
    expect(err.code).toBe(Code.DeadlineExceeded);
    await new Promise<void>((resolve) => {
      const signal = s.seen.ctx?.signal as AbortSignal;
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve());
    });
  });

  test("a caller that gives up: canceled, and the handler's signal aborts", async () => {
    s.next.hang = true;
    const ac = new AbortController();
    const pending = refusal(user.getUser({ id: 1n }, { signal: ac.signal }));
    await new Promise((r) => setImmediate(r)); // the handler is waiting now
    ac.abort();
    expect((await pending).code).toBe(Code.Canceled);
    const signal = s.seen.ctx?.signal as AbortSignal;
    if (!signal.aborted) await new Promise((r) => signal.addEventListener("abort", r));
  });

  test("a finished call aborts the handler's signal, as a server does", async () => {
    await user.getUser({ id: 1n });
    expect(s.seen.ctx?.signal.aborted).toBe(true);
  });

  test("server streaming: every message arrives, the handler's stream ends", async () => {
    const got: FileChunk[] = [];
    for await (const c of documents.viewDocumentPage({ page: 3 })) got.push(c);
    expect(got.map((c) => c.data[0])).toEqual([0, 1, 2]);
    expect(s.seen.pageClosed).toBe(true);
  });

  test("client streaming: every part reaches the handler, checked by the input interceptor", async () => {
    const auth = { headers: { authorization: "Bearer member" } };
    const parts = each<MessageInitShape<typeof UploadDocumentRequestSchema>>(
      { part: { case: "header", value: { name: "a.pdf", size: 2n } } },
      { part: { case: "chunk", value: new Uint8Array([1, 2]) } },
    );
    expect((await documents.uploadDocument(parts, auth)).name).toBe("2 parts");
    const bad = each<MessageInitShape<typeof UploadDocumentRequestSchema>>({
      part: { case: "header", value: { name: "a\u0000.pdf", size: 2n } },
    });
    expect((await refusal(documents.uploadDocument(bad, auth))).code).toBe(Code.InvalidArgument);
  });

  test("a method the service does not implement is unimplemented", async () => {
    const err = await refusal(user.login({ username: "a", password: "b" }));
    expect(err.code).toBe(Code.Unimplemented);
  });
});

// Connect's in-memory transport never closes the handler's stream when its caller gives up (a network
// server does, on the stream's reset): the direct transport does, like the network.
describe("the direct transport", () => {
  const s = service();
  test("a caller that stops reading a stream: the handler's stream is closed and its signal aborts", async () => {
    const ac = new AbortController();
    for await (const c of createClient(DocumentAPI, directTransport(s)).viewDocumentPage(
      { page: 100 },
      { signal: ac.signal },
    )) {
      expect(c.data[0]).toBe(0);
      break;
    }
    ac.abort(); // what the gateway does when its client goes away
    await s.pageClosed;
    const signal = s.seen.ctx?.signal as AbortSignal;
    if (!signal.aborted) await new Promise((r) => signal.addEventListener("abort", r));
  });
});
