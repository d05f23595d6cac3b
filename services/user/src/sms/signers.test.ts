// The vendors' request signing against the vendors' own published worked examples, so a wrong byte in
// a canonical string fails here rather than at the vendor.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { canonicalQuery, percentEncode, rpcSignature } from "./aliyun.js";
import { bceAuthorization, bceEncode } from "./baidu.js";
import { wssePasswordDigest } from "./huawei.js";
import { tc3Authorization } from "./tencent.js";

describe("Tencent Cloud TC3-HMAC-SHA256", () => {
  it("reproduces the Signature v3 worked example of Tencent Cloud's API documentation", () => {
    // DescribeInstances on cvm.tencentcloudapi.com at 1551113065 with the documentation's EXAMPLE keys.
    const authorization = tc3Authorization({
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      contentType: "application/json; charset=utf-8",
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, " +
        "SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
  });

  it("changes with the payload", () => {
    const base = {
      secretId: "id",
      secretKey: "key",
      service: "sms",
      host: "sms.tencentcloudapi.com",
      contentType: "application/json; charset=utf-8",
      timestamp: 1551113065,
    };
    expect(tc3Authorization({ ...base, payload: "{}" })).not.toBe(tc3Authorization({ ...base, payload: "{ }" }));
  });
});

describe("Alibaba Cloud RPC signature (HMAC-SHA1)", () => {
  it("reproduces the DescribeRegions example of Alibaba Cloud's signature documentation", () => {
    const params = {
      AccessKeyId: "testid",
      Action: "DescribeRegions",
      Format: "XML",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf",
      SignatureVersion: "1.0",
      Timestamp: "2016-02-23T12:46:24Z",
      Version: "2014-05-26",
    };
    expect(canonicalQuery(params)).toBe(
      "AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1" +
        "&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0" +
        "&Timestamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26",
    );
    expect(rpcSignature("GET", params, "testsecret")).toBe("OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
    expect(rpcSignature("POST", params, "testsecret")).not.toBe("OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
  });

  it("percent-encodes as RFC 3986 (space %20, * %2A, ~ kept, UTF-8)", () => {
    expect(percentEncode("a b*c~d!'()")).toBe("a%20b%2Ac~d%21%27%28%29");
    expect(percentEncode("阿里")).toBe("%E9%98%BF%E9%87%8C");
    expect(percentEncode('{"code":"1"}')).toBe("%7B%22code%22%3A%221%22%7D");
  });
});

describe("Baidu AI Cloud bce-auth-v1", () => {
  it("signs as the documented algorithm composes it, step by step", () => {
    // Recomputed here from the documented steps with Node's crypto directly.
    const prefix = "bce-auth-v1/ak/2015-04-27T08:23:49Z/1800";
    const signingKey = createHmac("sha256", "sk").update(prefix).digest("hex");
    const canonical = [
      "POST",
      "/api/v3/sendsms",
      "clientToken=a%20b",
      "content-type:application%2Fjson\nhost:smsv3.bj.baidubce.com\nx-bce-date:2015-04-27T08%3A23%3A49Z",
    ].join("\n");
    const expected = createHmac("sha256", signingKey).update(canonical).digest("hex");
    expect(
      bceAuthorization({
        accessKeyId: "ak",
        secretAccessKey: "sk",
        method: "POST",
        path: "/api/v3/sendsms",
        query: { clientToken: "a b" },
        headers: {
          Host: "smsv3.bj.baidubce.com",
          "Content-Type": "application/json",
          "x-bce-date": "2015-04-27T08:23:49Z",
        },
        timestamp: "2015-04-27T08:23:49Z",
        expirationSeconds: 1800,
      }),
    ).toBe(`${prefix}/content-type;host;x-bce-date/${expected}`);
    expect(bceEncode("a/b~c d")).toBe("a%2Fb~c%20d");
  });
});

describe("Huawei Cloud X-WSSE", () => {
  it("encodes the digest as Huawei's example header does: base64 of the SHA-256 hex string", () => {
    const digest = wssePasswordDigest("ac1c911c4792492687f8f6b2264a491e", "2018-05-26T00:35:30Z", "secret");
    const hex = createHash("sha256").update("ac1c911c4792492687f8f6b2264a491e2018-05-26T00:35:30Zsecret").digest("hex");
    expect(Buffer.from(digest, "base64").toString()).toBe(hex);
    // The documentation's example digest decodes to 64 lower-case hex digits: the same encoding.
    const documented = "NDA1MWIwNjI2ZTkyNWFlM2FhMTE5NDE1YTk5NjU1YWE4NjNlZTY1MmRhYzkxZGViNzczZjdjMjkzZWQ4ZjAwNA==";
    expect(Buffer.from(documented, "base64").toString()).toMatch(/^[0-9a-f]{64}$/);
  });
});
