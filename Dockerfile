# Signet's container image: `npm run image` builds it (see README, "Deployment").
# The base is the official Node image; a machine without an image registry passes a local image with
# the same contents (scripts/image/assemble-node-base.sh) as --build-arg NODE_IMAGE=….
ARG NODE_IMAGE=docker.io/library/node:24.21.0-bookworm-slim

# Build: the web app with every dev dependency (Vite), then, in their place, the server's production
# dependencies, assembled in /app. One RUN, so that no layer ever holds the ~1 GB of dev dependencies
# (which matters most on storage without copy-on-write, such as podman's vfs).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# No install scripts: Vite needs none (they fetch anvil and Postgres for the tests), and the native
# modules the server uses (better-sqlite3, secp256k1, keccak) load the prebuilt binaries they ship.
# The production install keeps only the workspaces the server runs on and the lock's versions; the
# demo's local chain and sandbox (@signet/devchain, @signet/sandbox) are dev dependencies of the
# server, so they and anvil stay out. typescript is only an optional peer of abitype (types), which npm
# keeps because the lock has it.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund \
 && npm run build -w apps/web \
 && rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && npm pkg delete workspaces devDependencies scripts \
 && npm pkg set 'workspaces[]=apps/server' 'workspaces[]=packages/gateway' 'workspaces[]=packages/protocol' \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && mkdir -p /app/apps/web /app/packages \
 && mv package.json package-lock.json tsconfig.base.json node_modules /app/ \
 && mv packages/gateway packages/protocol /app/packages/ \
 && mv apps/server /app/apps/ \
 && mv apps/web/dist /app/apps/web/

FROM ${NODE_IMAGE}
# The application stays root's (read-only to the server); the data folder is the server's.
COPY --from=build /app /app
RUN mkdir /data && chown node:node /data
WORKDIR /app
VOLUME /data
# tsx's transform cache would go to /tmp, which a container starts empty: it saves nothing there, and
# without it the server writes nowhere but /data, so the root filesystem may be read-only.
ENV NODE_ENV=production \
    TSX_DISABLE_CACHE=1 \
    HOST=0.0.0.0 \
    PORT=8787 \
    SIGNET_MANAGEMENT_HOST=0.0.0.0 \
    DATABASE_URL=/data/signet.sqlite
EXPOSE 8787 8788
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "apps/server/bin/healthcheck.mjs"]
# Node itself is PID 1 (exec form, no shell), so SIGTERM reaches the server, which drains and exits 0.
# `signet serve` by default; another command replaces CMD (`… signet:dev verify --help`).
ENTRYPOINT ["node", "apps/server/bin/signet.mjs"]
CMD ["serve"]
# Last: the labels change with every build (version, date), and the steps above stay cached.
ARG NODE_IMAGE
ARG SIGNET_VERSION=dev
ARG SIGNET_REVISION=unknown
ARG SIGNET_SOURCE=
ARG SIGNET_CREATED=
LABEL org.opencontainers.image.title="Signet" \
      org.opencontainers.image.description="Sign-In with Ethereum (EIP-4361) for EOAs and Safe multisigs, with an OpenID Connect provider" \
      org.opencontainers.image.version="${SIGNET_VERSION}" \
      org.opencontainers.image.revision="${SIGNET_REVISION}" \
      org.opencontainers.image.source="${SIGNET_SOURCE}" \
      org.opencontainers.image.created="${SIGNET_CREATED}" \
      org.opencontainers.image.licenses="NOASSERTION" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
