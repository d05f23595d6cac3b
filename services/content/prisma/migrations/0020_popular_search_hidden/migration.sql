-- Popular searches staff hid (#22 item 11): SearchRecordAPI.SetPopularSearchHidden. Keywords are kept
-- normalized as search_records.normalized (popular searches group by it); ListPopularSearch leaves them out.
CREATE TABLE "popular_search_hidden" (
    "normalized" VARCHAR(100) NOT NULL,
    "user_id" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "popular_search_hidden_pkey" PRIMARY KEY ("normalized")
);
