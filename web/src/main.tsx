import "./styles.css";
import { callUnaryMethod } from "@connectrpc/connect-query";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./App.js";
import { createQueryClient } from "./api/queryClient.js";
import { clientNonce, createTransport } from "./api/transport.js";
import { createLanguageStore } from "./i18n/language.js";
import { prefetchDocument } from "./pages/document/prefetch.js";
import { reloadOnChunkError } from "./router/chunkReload.js";
import { patchRoutesOnNavigation, routes } from "./router/routes.js";
import { createSessionStore } from "./store/session.js";

// The composition root: every store and client is created here, once, and passed down.
const languageStore = createLanguageStore(window.localStorage);
const sessionStore = createSessionStore(window.localStorage);
// A 401 to a call that carried the token ends the session: the server refused it (expired, revoked).
const transport = createTransport({
  getToken: () => sessionStore.getSnapshot().token,
  onTokenRejected: (token) => sessionStore.expire(token),
  nonce: clientNonce(window.localStorage),
});
const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
const queryClient = createQueryClient();

// A document page's largest paint is its first page image, which waits for the document: asked for
// here, while the page's code loads, not once that code has run.
const documentPath = /^\/document\/([^/]+)\/?$/.exec(window.location.pathname);
if (documentPath?.[1]) void prefetchDocument(queryClient, transport, documentPath[1]);

// Vite reports a failed preload of a lazy chunk's dependencies here (spec §8: reload at most once a minute).
window.addEventListener("vite:preloadError", (event) => {
  if (reloadOnChunkError(event.payload)) event.preventDefault();
});

const root = document.getElementById("root");
if (!root) throw new Error('index.html must contain <div id="root">');

// An English visitor's texts are loaded before the first render (no flash of Chinese).
void languageStore.ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App
        router={router}
        deps={{
          languageStore,
          sessionStore,
          transport,
          queryClient,
          settingsStorage: window.localStorage,
          // Public site settings; while ConfigAPI is unavailable (e.g. 501) the cached or default
          // settings stay in use and the failure is kept in the settings context. This is the
          // settings query's function: SettingsProvider keys, normalises and stores its answer.
          loadSettings: () => callUnaryMethod(transport, ConfigAPI.method.getSettings, {}),
        }}
      />
    </StrictMode>,
  ),
);
