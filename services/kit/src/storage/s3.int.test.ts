// The storage contract against S3 through the minio client, served by s3rver (in-process, random
// loopback port, temp directory). s3rver is a stand-in, not S3: it checks that the access key exists
// but never verifies the signature, and it implements multipart upload but neither
// ListMultipartUploads nor AbortMultipartUpload (so minio's own putObject of a stream of unknown size
// fails against it, and an aborted upload's parts stay on its disk). A real MinIO/S3 run is still needed
// for signing.
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storageContract } from "../../test/storage.contract.js";
import { createS3Storage } from "./s3.js";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: { address: string; port: number; silent: boolean; directory: string }) => S3rverInstance;

// s3rver is CommonJS without types.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverCtor;

let dir: string;
let server: S3rverInstance;
let endpoint: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "kit-s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

storageContract("S3 via minio client against s3rver (s3rver: no signature check)", async () => {
  const storage = await createS3Storage({
    endpoint,
    accessKey: "S3RVER",
    secretKey: "S3RVER",
    bucket: `kit-test-${++n}`, // a fresh bucket per test
    partSize: 5 * 1024 * 1024, // S3's minimum, so the 11 MiB test takes the multipart path
  });
  // s3rver overwrites the object file in place, so racing writers may interleave (real S3 does not).
  return { storage, dispose: async () => {}, atomicOverwrite: false };
});

test("wrong access key is refused (s3rver checks the key id, not the signature)", async () => {
  await expect(
    createS3Storage({ endpoint, accessKey: "nobody", secretKey: "x", bucket: "kit-denied" }),
  ).rejects.toMatchObject({ code: expect.stringMatching(/^(InvalidAccessKeyId|AccessDenied)$/) });
});
