// The safety net for texts longer than their column: a write the database refused as too long answers
// InvalidArgument naming the request field (never Internal), and is logged as a missing edge check.
import { Writable } from "node:stream";
import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { pino } from "pino";
import { valueTooLongFor } from "./db-errors.js";
import { observeInterceptor } from "./interceptors.js";
import { tooLongMessages } from "./too-long.js";

/** What Prisma 7's pg adapter throws for "value too long" (captured from a real write, PostgreSQL 17). */
function prismaTooLong(n: number, code = "P2000") {
  return Object.assign(new Error("Invalid `db.document.create()` invocation"), {
    code,
    meta: {
      modelName: "Document",
      driverAdapterError: {
        name: "DriverAdapterError",
        cause: {
          originalCode: "22001",
          originalMessage: `value too long for type character varying(${n})`,
          kind: "LengthMismatch",
        },
      },
    },
  });
}

function harness(err: unknown) {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  const transport = createRouterTransport(
    (router) => {
      router.service(DocumentAPI, {
        async createDocument() {
          throw err;
        },
      });
    },
    { router: { interceptors: [observeInterceptor(pino({ level: "info" }, sink))] } },
  );
  return { client: createClient(DocumentAPI, transport), logs };
}

const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => ConnectError.from(e),
  );

test("recognises the ORM's and raw SQL's length errors, with the column's length", () => {
  expect(valueTooLongFor(prismaTooLong(255))).toBe(255);
  expect(valueTooLongFor(prismaTooLong(64, "P2010"))).toBe(64);
  expect(
    valueTooLongFor(Object.assign(new Error("value too long for type character varying(32)"), { code: "22001" })),
  ).toBe(32);
  expect(valueTooLongFor(new Error("connection refused"))).toBeUndefined();
  expect(valueTooLongFor(Object.assign(new Error("dup"), { code: "P2002" }))).toBeUndefined();
});

test("a text its column cannot hold: InvalidArgument naming the field (nested ones by path), logged as a warning", async () => {
  const h = harness(prismaTooLong(255));
  const err = await fail(
    h.client.createDocument({ document: [{ title: "短标题", keywords: "关".repeat(256), description: "短" }] }),
  );
  expect([err.code, err.rawMessage]).toEqual([Code.InvalidArgument, tooLongMessages.field("document.keywords", 255)]);
  expect(err.findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["document.keywords"]);
  expect(h.logs.find((l) => l.msg === "text longer than its column reached the database")).toMatchObject({
    rpc: "/api.v1.DocumentAPI/CreateDocument",
    max: 255,
    level: 40,
  });
  expect(h.logs.some((l) => l.msg === "unhandled error")).toBe(false);
});

test("when no field of the request is that long (a value the server derived): still a 400, naming none", async () => {
  const h = harness(prismaTooLong(64));
  const err = await fail(h.client.createDocument({ document: [{ title: "短" }] }));
  expect([err.code, err.rawMessage]).toEqual([Code.InvalidArgument, tooLongMessages.unknown]);
});
