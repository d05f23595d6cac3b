// The shapes of the Elasticsearch index (search.es.ts), apart from it so the articles' index
// (search.es.articles.ts), which search.es.ts builds, can name them without importing it back.
import type { SearchIndex } from "../search.index.js";

export interface EsSearchIndex extends SearchIndex {
  readonly alias: string;
  /** Puts the template and creates the first index when there is none (every other call waits for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One alias and what is behind it: the documents' index, or the articles' (written as documents). */
export type EsDocumentIndex = Omit<EsSearchIndex, "articles" | "close"> & Required<Pick<SearchIndex, "updateCounts">>;
