# syntax=docker/dockerfile:1
# One recipe, two images, the same compiled server in both; the command picks which process runs
# (compiled once, in the build stage, by scripts/build.mjs: plain node, no TypeScript loader):
#   wenku (the API image):   node dist/<user|content|order|config|spider>.js
#                            node dist/gateway.js                (the default CMD)
#                            node dist/reset-password.js         (an operator's one-off, see deploy/README.md)
#                            node dist/import.js <folder>        (bulk import into a running site, ditto)
#   wenku-converter:         node dist/converter.js, on a base with LibreOffice, CJK fonts, mupdf-tools
# Build: docker build -t wenku:TAG .
#        docker build --build-arg RUNTIME_BASE=converter-base -t wenku-converter:TAG .
# Kubernetes manifests: deploy/ (see deploy/README.md)
ARG NODE_IMAGE=node:20-bookworm-slim
# What the runtime stage is built on: api-base (Node only) or converter-base (plus the converter's tools).
ARG RUNTIME_BASE=api-base

# ---- deps: node_modules from package-lock.json -----------------------------------------------
# Only the manifests are copied first so this layer is reused until a package.json or the lock
# changes. `npm install`, not `npm ci` (see .ci/run: npm ci refuses this lock on registries that
# lack some optional per-platform binaries). --ignore-scripts: nothing the site runs needs an
# install script (prebuilt binaries come as optional dependencies), and scripts that download
# (e.g. Prisma engines) would break air-gapped builds.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/credit-outbox/package.json services/credit-outbox/
COPY services/user/package.json services/user/
COPY services/search/package.json services/search/
COPY services/content/package.json services/content/
COPY services/order/package.json services/order/
COPY services/config/package.json services/config/
COPY services/spider/package.json services/spider/
COPY services/converter/package.json services/converter/
COPY services/standalone/package.json services/standalone/
COPY gateway/package.json gateway/
COPY tests/api/package.json tests/api/
COPY tests/kit/package.json tests/kit/
COPY tests/faults/package.json tests/faults/
COPY web/package.json web/
COPY bench/package.json bench/
COPY tools/import/package.json tools/import/
RUN npm install --no-audit --no-fund --ignore-scripts

# ---- sources: the services with their Prisma clients -----------------------------------------
# proto/gen is committed (the contract); the Prisma clients (services/*/gen) are not: they are
# generated here from each prisma/schema.prisma, offline (no engine download).
FROM deps AS sources
COPY scripts/prisma-generate.mjs scripts/
COPY services/ services/
RUN node scripts/prisma-generate.mjs

# ---- build: the server compiled into dist/ (one bundle per process, node_modules external) -----
FROM sources AS build
COPY tsconfig.base.json tsconfig.json ./
COPY proto/ proto/
COPY gateway/ gateway/
COPY tools/ tools/
COPY scripts/build.mjs scripts/
RUN node scripts/build.mjs

# ---- web: the React app, built once; the gateway serves web/dist --------------------------------
FROM deps AS web
COPY tsconfig.base.json ./
COPY proto/ proto/
COPY web/ web/
RUN cd web && npx --no-install vite build

# ---- source: the Corresponding Source the site offers its users (AGPL-3.0 §13, GET /source) ----
# The build context as .dockerignore leaves it (no node_modules, data, .env, dist …) and the list of
# its files, which the gateway archives on request (gateway/src/source/) from the runtime's copy.
FROM ${NODE_IMAGE} AS source
WORKDIR /app
COPY . .
RUN find . -type f ! -name source-manifest.txt | sed 's|^\./||' | LC_ALL=C sort > source-manifest.txt

# ---- runtime bases ----------------------------------------------------------------------------
# The API processes (gateway and services) need nothing beyond Node: no office suite in their pods.
FROM ${NODE_IMAGE} AS api-base

# The converter's: LibreOffice, CJK fonts and mupdf-tools (native page rendering, CONVERTER_MUTOOL).
# This layer comes first and changes rarely, so nodes pull it once, not with every release.
FROM ${NODE_IMAGE} AS converter-base
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress fonts-noto-cjk mupdf-tools \
      tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim \
 && rm -rf /var/lib/apt/lists/*

# ---- runtime ---------------------------------------------------------------------------------
FROM ${RUNTIME_BASE} AS runtime
# HOME=/tmp: LibreOffice and other tools write under $HOME; in Kubernetes only /tmp is writable.
ENV NODE_ENV=production \
    HOME=/tmp \
    WEB_DIST=/app/web/dist
WORKDIR /app
# The sources and their manifest first (what GET /source archives); the copies below add to them.
COPY --from=source /app/ ./
# node_modules: the bundles import every package from there, by name or, for a workspace's own
# node_modules (gateway/, services/content/), by path.
COPY --from=deps /app/ ./
COPY --from=build /app/dist dist
# What the bundles read beside their sources at run time: each service's prisma/migrations and
# services/config/package.json (the version); the TypeScript sources come along but are not run.
COPY --from=sources /app/services/ services/
COPY --from=web /app/web/dist web/dist
# The `node` user of the base image, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080
CMD ["node", "dist/gateway.js"]
