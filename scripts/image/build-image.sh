#!/usr/bin/env bash
# `npm run image`: builds the Dockerfile at the repository root as localhost/signet:dev with Debian's
# podman (vfs storage, chroot isolation, Docker format so that HEALTHCHECK is kept). The base is the
# official Node image when it is present or can be pulled; otherwise a local base with the same
# contents (scripts/image/assemble-node-base.sh), built once and then reused.
#   SIGNET_IMAGE=name:tag  NODE_IMAGE=base-image  scripts/image/build-image.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
image=${SIGNET_IMAGE:-localhost/signet:dev}
official=docker.io/library/node:24.21.0-bookworm-slim
local_base=localhost/signet-node-base:24.21.0-bookworm-slim
podman=(podman --storage-driver vfs)
started=$SECONDS

scripts/image/install-image-tools.sh

base=${NODE_IMAGE:-}
if [ -z "$base" ]; then
  if "${podman[@]}" image exists "$official" ||
    timeout 60 "${podman[@]}" pull --quiet "$official" >/dev/null 2>&1; then
    base=$official
  else
    echo "$official cannot be pulled here (no image registry reachable): the real Dockerfile is built"
    echo "against $local_base, a local base with the same contents (Debian bookworm, Node 24.21.0, npm, user node 1000)."
    scripts/image/assemble-node-base.sh "$local_base"
    base=$local_base
  fi
fi

# npm inside the build uses this machine's npm registry and CA bundle (a TLS-intercepting proxy's CA,
# for one): mounted for the RUN steps only, never stored in the image.
npm_settings=$(mktemp -d)
trap 'rm -rf "$npm_settings"' EXIT
mounts=()
registry=$(npm config get registry)
echo "registry=$registry" >"$npm_settings/npmrc"
cafile=$(npm config get cafile)
if [ "$cafile" = null ]; then cafile=${NODE_EXTRA_CA_CERTS:-}; fi
if [ -n "$cafile" ] && [ -f "$cafile" ]; then
  echo "cafile=/run/signet-build/ca.crt" >>"$npm_settings/npmrc"
  mounts+=(--volume "$cafile:/run/signet-build/ca.crt:ro")
fi
mounts+=(--volume "$npm_settings/npmrc:/root/.npmrc:ro")

previous=$("${podman[@]}" image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
echo "building $image from $base (version $version)"
"${podman[@]}" build --isolation chroot --format docker --layers "${mounts[@]}" \
  --build-arg "NODE_IMAGE=$base" \
  --build-arg "SIGNET_VERSION=$version" \
  --build-arg "SIGNET_REVISION=$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  --build-arg "SIGNET_SOURCE=$(git remote get-url origin 2>/dev/null || true)" \
  --build-arg "SIGNET_CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  --tag "$image" --file Dockerfile . >/tmp/signet-image-build.log 2>&1 ||
  { tail -40 /tmp/signet-image-build.log >&2; echo "image build failed; the whole log: /tmp/signet-image-build.log" >&2; exit 1; }
current=$("${podman[@]}" image inspect --format '{{.Id}}' "$image")
# The image this one replaces (vfs keeps every image whole): removed unless something still uses it.
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then
  "${podman[@]}" rmi "$previous" >/dev/null 2>&1 || true
fi
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$image")
echo "built $image: $((size / 1000000)) MB, in $((SECONDS - started)) s (log: /tmp/signet-image-build.log)"
