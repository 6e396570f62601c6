# shellcheck shell=bash
# Throwaway PostgreSQL and Redis for the PostgreSQL/Redis test variant and the benchmarks.
#
#   source scripts/services.sh && start_services   # exports TEST_DATABASE_URL and TEST_REDIS_URL
#   npm run test:postgres
#   stop_services
#
# Both servers listen on free ports on 127.0.0.1 and keep everything in one temporary directory, which
# stop_services removes: nothing touches a PostgreSQL or Redis already running on the machine. Needs the
# Debian packages postgresql and redis-server (.ci/run installs them). Meant to be sourced into bash, so
# it never exits the caller's shell: every function returns non-zero on failure instead.

# The newest PostgreSQL server binaries: Debian keeps them off PATH, under /usr/lib/postgresql/<major>/bin.
services_pg_bin() {
  local dir
  dir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
  elif command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
  else
    return 1
  fi
}

services_free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}

# PostgreSQL refuses to run as root, so as root its commands run as the postgres user.
services_as_pg() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  fi
}

start_services() {
  local pg_bin pg_port redis_port dir i
  pg_bin=$(services_pg_bin) || {
    echo 'services: PostgreSQL server binaries not found (apt-get install postgresql)' >&2
    return 1
  }
  command -v redis-server >/dev/null 2>&1 || {
    echo 'services: redis-server not found (apt-get install redis-server)' >&2
    return 1
  }
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres || return 1
  fi

  dir=$(mktemp -d "${TMPDIR:-/tmp}/closeroom-services.XXXXXX") || return 1
  chmod 755 "$dir"
  mkdir -p "$dir/pg" && chmod 700 "$dir/pg"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$dir/pg"
  CLOSEROOM_SERVICES_DIR=$dir
  CLOSEROOM_PG_BIN=$pg_bin

  pg_port=$(services_free_port) || return 1
  # Durability is off: the cluster is thrown away after the run and the tests create a database each.
  services_as_pg "$pg_bin/initdb" -D "$dir/pg/data" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    return 1
  }
  services_as_pg "$pg_bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/postgres.log" -w -t 60 \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $dir/pg -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || {
    cat "$dir/pg/postgres.log" >&2
    return 1
  }

  redis_port=$(services_free_port) || return 1
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" || return 1
  for i in $(seq 1 100); do
    [ "$(redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null)" = PONG ] && break
    if [ "$i" -eq 100 ]; then
      echo "services: redis-server did not answer on port $redis_port" >&2
      cat "$dir/redis.log" >&2
      return 1
    fi
    sleep 0.1
  done

  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  export TEST_REDIS_URL="redis://127.0.0.1:$redis_port"
  echo "services: PostgreSQL $TEST_DATABASE_URL, Redis $TEST_REDIS_URL (in $dir)"
}

stop_services() {
  local dir=${CLOSEROOM_SERVICES_DIR:-}
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  if [ -f "$dir/pg/data/postmaster.pid" ]; then
    services_as_pg "$CLOSEROOM_PG_BIN/pg_ctl" -D "$dir/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/redis.pid" ]; then
    local pid i
    pid=$(cat "$dir/redis.pid")
    kill "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -rf "$dir"
  unset CLOSEROOM_SERVICES_DIR CLOSEROOM_PG_BIN TEST_DATABASE_URL TEST_REDIS_URL
}
