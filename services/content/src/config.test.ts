// The content service's configuration: the search backend's settings (ELASTICSEARCH_*) and the guarded
// fetcher's exceptions (FETCH_ALLOW_HOSTS).
import { loadContentConfig } from "./config.js";

test("ELASTICSEARCH_* configuration: unset is PostgreSQL; a URL, an index prefix and a timeout are checked", () => {
  const base = { CONVERSION_QUEUE: undefined };
  expect(loadContentConfig(base)).toMatchObject({ ELASTICSEARCH_INDEX: "wenku", ELASTICSEARCH_TIMEOUT_SEC: 30 });
  expect(loadContentConfig(base).ELASTICSEARCH_URL).toBeUndefined();
  expect(
    loadContentConfig({
      ELASTICSEARCH_URL: "https://u:p@es:9200",
      ELASTICSEARCH_INDEX: "site_2",
      ELASTICSEARCH_TIMEOUT_SEC: "5",
    }),
  ).toMatchObject({
    ELASTICSEARCH_URL: "https://u:p@es:9200",
    ELASTICSEARCH_INDEX: "site_2",
    ELASTICSEARCH_TIMEOUT_SEC: 5,
  });
  expect(() => loadContentConfig({ ELASTICSEARCH_URL: "es:9200" })).toThrow("ELASTICSEARCH_URL");
  expect(() => loadContentConfig({ ELASTICSEARCH_URL: "ftp://es:9200" })).toThrow("ELASTICSEARCH_URL");
  expect(() => loadContentConfig({ ELASTICSEARCH_INDEX: "Wenku" })).toThrow("ELASTICSEARCH_INDEX");
  expect(() => loadContentConfig({ ELASTICSEARCH_INDEX: "_x" })).toThrow("ELASTICSEARCH_INDEX");
});

test("FETCH_ALLOW_HOSTS: unset is none; entries are parsed; a bad one stops the start, named", () => {
  expect(loadContentConfig({}).FETCH_ALLOW_HOSTS).toEqual([]);
  expect(loadContentConfig({ FETCH_ALLOW_HOSTS: "images.intranet:8080, 10.0.0.0/8" }).FETCH_ALLOW_HOSTS).toHaveLength(
    2,
  );
  expect(() => loadContentConfig({ FETCH_ALLOW_HOSTS: "10.0.0.0/8,images intranet" })).toThrow(
    'FETCH_ALLOW_HOSTS: "images intranet"',
  );
});
