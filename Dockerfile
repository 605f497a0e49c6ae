# syntax=docker/dockerfile:1
# Convo server image: multi-stage (build with dev dependencies, run with production ones only),
# runs as a non-root user, data in /data. See docs/deploy.md. Node 22 (an LTS line; the code also
# runs on Node 20.19+), pinned to a release so a rebuild gives the same runtime.

FROM node:22.20.0-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/api/package.json packages/api/
COPY apps/server/package.json apps/server/
COPY apps/dashboard/package.json apps/dashboard/
COPY apps/widget/package.json apps/widget/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22.20.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/api/package.json packages/api/
COPY apps/server/package.json apps/server/
COPY apps/dashboard/package.json apps/dashboard/
COPY apps/widget/package.json apps/widget/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server's runtime packages only (the workspace packages are bundled into dist/).
RUN npm ci --omit=dev --no-audit --no-fund --workspace @convo/server --include-workspace-root=false

FROM node:22.20.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN groupadd --system --gid 10001 convo \
 && useradd --system --uid 10001 --gid convo --home-dir /app --shell /usr/sbin/nologin convo \
 && mkdir -p /data && chown convo:convo /data
# The same layout as the repository, so the server finds the dashboard and widget as `npm start` does.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json /app/apps/server/node-args.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/dashboard/dist ./apps/dashboard/dist
COPY --from=build /app/apps/widget/dist ./apps/widget/dist
# The operator command: `docker compose exec convo-1 convo check`.
COPY --chmod=755 deploy/convo /usr/local/bin/convo
USER convo
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs once installed and built: the server with apps/server/node-args.json's flags.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/server/dist/main.js"]
