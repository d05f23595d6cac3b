// CreateArticle's and UpdateArticle's refusals of a field name it (a FieldViolation), so the editor
// (/post) shows the server's message on that field; over REST the message and status are moredoc's.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { admin, plain, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite("artfields");

test("each refused field is named: title, content, description, author, identifier (taken: 409)", async () => {
  const connect = createClient(ArticleAPI, createConnectTransport({ baseUrl: stack.url, httpVersion: "1.1" }));
  const cases: Array<[Record<string, unknown>, string, Code, string]> = [
    [{ title: " ", content: "<p>c</p>" }, plain, Code.InvalidArgument, "title"],
    [{ title: "t", content: "<script>x</script>" }, plain, Code.InvalidArgument, "content"],
    [{ title: "t", content: "<p>c</p>", description: "长".repeat(1001) }, plain, Code.InvalidArgument, "description"],
    [{ title: "t", content: "<p>c</p>", author: "a".repeat(65) }, plain, Code.InvalidArgument, "author"],
    [{ title: "t", content: "<p>c</p>", identifier: "a b" }, admin, Code.InvalidArgument, "identifier"],
    [{ title: "t", content: "<p>c</p>", identifier: "about" }, admin, Code.AlreadyExists, "identifier"],
  ];
  for (const [body, token, code, field] of cases) {
    const r = await rest(stack.url, "POST", "/api/v1/article", body, token);
    expect([r.status, r.json.code]).toEqual([code === Code.AlreadyExists ? 409 : 400, code]);
    const err = await connect
      .createArticle(body as Parameters<typeof connect.createArticle>[0], {
        headers: { authorization: `Bearer ${token}` },
      })
      .catch((e: unknown) => ConnectError.from(e));
    expect(err).toBeInstanceOf(ConnectError);
    const e = err as ConnectError;
    expect([e.code, e.rawMessage, e.findDetails(FieldViolationSchema).map((d) => d.field)]).toEqual([
      code,
      r.json.message,
      [field],
    ]);
  }
  // an edit names the field too
  const created = await rest(stack.url, "POST", "/api/v1/article", { title: "t", content: "<p>c</p>" }, plain);
  expect(created.status).toBe(200);
  const err = await connect
    .updateArticle(
      { id: BigInt(created.json.id as number), title: "", content: "<p>c</p>" },
      {
        headers: { authorization: `Bearer ${plain}` },
      },
    )
    .catch((e: unknown) => ConnectError.from(e));
  expect((err as ConnectError).findDetails(FieldViolationSchema).map((d) => d.field)).toEqual(["title"]);
});
