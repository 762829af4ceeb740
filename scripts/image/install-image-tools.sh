#!/usr/bin/env bash
# Installs the Debian packages that build and test the container image when missing: podman and
# buildah (images; vfs storage, chroot isolation: no daemon, no overlay, no user namespaces needed),
# debootstrap (the local base image when no registry is reachable) and uidmap.
set -euo pipefail
missing=()
for tool in podman buildah debootstrap newuidmap; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
packages=(podman buildah debootstrap uidmap)
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing: ${missing[*]} — install them as root: apt-get install -y ${packages[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}"
