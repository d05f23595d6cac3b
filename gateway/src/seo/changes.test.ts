// Which forwarded calls drop the rendered crawler pages: writes to the content and config services,
// found from the Connect path or the REST verb and path; reads and other services' calls keep them.
import { allApiServices } from "@wenku/kit";
import { buildRestRoutes } from "../rest/routes.js";
import { changesPages, createMethodFinder } from "./changes.js";

const services = allApiServices();
const methodOf = createMethodFinder(services, buildRestRoutes(services));
const changes = (verb: string, path: string) => {
  const m = methodOf(verb, path);
  return m ? `${m.parent.name}.${m.name} ${changesPages(m)}` : null;
};

test("content and config writes change pages; reads, sign-ins and unknown paths do not", () => {
  expect(changes("PUT", "/api/v1/article")).toBe("ArticleAPI.UpdateArticle true");
  expect(changes("POST", "/api.v1.ArticleAPI/CheckArticles")).toBe("ArticleAPI.CheckArticles true");
  expect(changes("DELETE", "/api/v1/document/recycle")).toMatch(/^RecycleAPI\.\w+ true$/);
  expect(changes("PUT", "/api/v1/config")).toMatch(/^ConfigAPI\.\w+ true$/);
  expect(changes("POST", "/api.v1.ArticleAPI/ListArticle")).toBe("ArticleAPI.ListArticle false");
  expect(changes("POST", "/api.v1.SearchAPI/Search")).toBe("SearchAPI.Search false");
  expect(changes("POST", "/api.v1.UserAPI/Login")).toBe("UserAPI.Login false");
  expect(changes("POST", "/api/v1/nothing/here")).toBeNull();
  expect(changes("POST", "/view/page/x")).toBeNull();
});
