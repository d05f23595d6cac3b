// A multipart upload as browsers send it (field "file"), for the upload routes' suites.

/** POSTs `bytes` as the file `name` to an upload route; the reply's status and JSON body. */
export async function postFile(url: string, path: string, bytes: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
