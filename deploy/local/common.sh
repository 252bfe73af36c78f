# shellcheck shell=bash disable=SC2034 # a library: its variables are used by the scripts that source it
# Sourced by deploy/local/{up,down,instance,replica,cli} and bench/scale-out (not run on its own):
# the defaults and helpers every script of the local scale-out topology must agree on, so that
# `down` finds what `up` started even when `up` stopped half way.
#
# Everything the topology owns lives in one state directory ($DIR): data, logs, pid files,
# certificates, sockets, topology.env. `down` removes it, so nothing is left behind.

LOCAL_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$LOCAL_HOME/../.." && pwd)

# Canonical absolute path: processes are recognized by it in their command line and working
# directory (see owned_pids), so it must be spelled the same way every time.
DIR=$(realpath -m "${DEPLOY_LOCAL_DIR:-$LOCAL_HOME/run}")
LOG_DIR=$DIR/logs
MARKER=$DIR/.deploy-local
PG_DIR=$DIR/pg
PRIMARY_DATA=$PG_DIR/primary
REPLICA_DATA=$PG_DIR/replica
PG_SOCKET_DIR=$PG_DIR/sock
PG_BIN=${DEPLOY_LOCAL_PG_BIN:-/usr/lib/postgresql/15/bin}
# How long an API instance may drain after SIGTERM before it gets SIGKILL. The server itself
# gives requests in flight up to 30 s (spring.lifecycle.timeout-per-shutdown-phase).
STOP_TIMEOUT=${DEPLOY_LOCAL_STOP_TIMEOUT:-40}

# initdb and postgres refuse to run as root: as root, PostgreSQL's programs run as the
# `postgres` OS user (Debian's packages create it) and its directories belong to that user.
# Client programs (psql, createdb) connect over TCP with -U postgres and need no such care.
# as_pg runs a command so, from / (the postgres user may not enter the caller's directory);
# AS_PG is the same as a prefix, for a command that is exec'ed (start_detached).
AS_PG=()
[ "$(id -u)" = 0 ] && AS_PG=(runuser -u postgres --)
as_pg() {
    (cd / && "${AS_PG[@]}" "$@")
}

# The Nth word of a space-separated list: port_of "$API_PORTS" 2.
port_of() { echo "$1" | cut -d' ' -f"$2"; }

# A JDK 21 or newer: $JAVA_HOME when it is one, else the Temurin 25 our machines carry (the
# default `java` there is 17, too old for the jar).
find_java() {
    local candidate major
    for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64; do
        [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] || continue
        major=$("$candidate/bin/java" -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')
        if [ -n "$major" ] && [ "$major" -ge 21 ]; then
            JAVA_HOME=$candidate
            JAVA=$candidate/bin/java
            return 0
        fi
    done
    return 1
}

# How the topology starts the jar, for its instances and its commands: the repository's launcher,
# which runs it from its start-up caches (docs/OPERATIONS.md, "The launcher"), with the JVM
# options of every instance ($JAVA_OPTIONS). LAUNCH is a command prefix that env execs to the
# end, so a background start's $! is the JVM's own pid.
set_launch() {
    LAUNCH=(env "JAVA_HOME=$JAVA_HOME" "PROSPECT_API_JAR=$JAR" "JAVA_OPTS=$JAVA_OPTIONS" "$REPO/bin/prospect-api")
}

# A pid counts as running only when it exists and is not a zombie (a process that exited but
# whose parent has not reaped it still answers kill -0).
pid_running() {
    local pid=$1 state
    [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] || return 1
    state=$(sed 's/^.*) \(.\).*/\1/' "/proc/$pid/stat" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Whether a pid still is the process a pid file named: its command line contains the text
# (a pid file may outlive its process, and the pid may have been reused since).
pid_is() {
    local pid=$1 text=$2
    pid_running "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$text"
}

# Waits up to $2 seconds for every pid in $1 (space-separated) to be gone; 0 when they are.
wait_gone() {
    local pids=$1 deadline=$(( $(date +%s) + $2 )) pid alive
    while :; do
        alive=
        for pid in $pids; do pid_running "$pid" && alive="$alive $pid"; done
        [ -z "$alive" ] && return 0
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}

# SIGTERM, then SIGKILL after $2 seconds, for the pids in $1; returns once they are gone.
terminate() {
    local pids=$1 timeout=$2 pid
    [ -n "${pids// /}" ] || return 0
    for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
    wait_gone "$pids" "$timeout" && return 0
    for pid in $pids; do
        pid_running "$pid" || continue
        # A JVM that ignored SIGTERM for so long is stuck: its threads, virtual ones too, say where.
        if [ -x "${JAVA_HOME:-}/bin/jcmd" ] && [ -d "${LOG_DIR:-}" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q java; then
            timeout 30 "$JAVA_HOME/bin/jcmd" "$pid" Thread.dump_to_file -overwrite "$LOG_DIR/stuck-$pid.threads.txt" \
                >/dev/null 2>&1 || true
        fi
        kill -KILL "$pid" 2>/dev/null || true
    done
    wait_gone "$pids" 10
}

# Every process of the topology, found by what it runs from rather than by name: a java,
# haproxy, postgres, redis-server, etcd or patroni (or the runuser before it) whose command line
# names $DIR or whose working directory is inside it (PostgreSQL and Redis run from their data
# directories). `down` uses it as a
# safety net after the orderly stop, e.g. for a process whose pid file was never written.
owned_pids() {
    local proc pid comm cwd
    for proc in /proc/[0-9]*; do
        pid=${proc#/proc/}
        comm=$(cat "$proc/comm" 2>/dev/null) || continue
        case $comm in java|haproxy|postgres|redis-server|etcd|patroni|runuser) ;; *) continue ;; esac
        pid_running "$pid" || continue
        cwd=$(readlink "$proc/cwd" 2>/dev/null || true)
        if [ "${cwd#"$DIR"/}" != "$cwd" ] || tr '\0' '\n' <"$proc/cmdline" 2>/dev/null | grep -qF -- "$DIR/"; then
            echo "$pid"
        fi
    done
}

# --- Processes started detached ------------------------------------------------------------

# Starts a command detached from this script: its own session (no terminal signals), from a
# subshell that exits at once, so the process is re-parented to init instead of becoming a zombie
# child of a script that is still running when it stops. The shell writes its own pid to $1
# before it execs the command, so the pid file exists as soon as the process does; the output is
# appended to $2. 0 once the pid file is there.
start_detached() {
    local pid_file=$1 log=$2 _
    shift 2
    ( setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' start-detached "$pid_file" "$@" >>"$log" 2>&1 </dev/null & )
    for _ in $(seq 50); do [ -s "$pid_file" ] && return 0; sleep 0.1; done
    return 1
}

# Stops the process its pid file ($1) names while its command line still contains $2 (a pid
# file may outlive its process, and the pid be reused): with TERM ($3), SIGTERM and SIGKILL after
# $4 seconds; with KILL, SIGKILL at once (a crash). The pid file goes either way.
stop_detached() {
    local pid_file=$1 text=$2 signal=$3 timeout=$4 pid
    pid=$(cat "$pid_file" 2>/dev/null || true)
    if pid_is "$pid" "$text"; then
        if [ "$signal" = KILL ]; then
            kill -KILL "$pid" 2>/dev/null || true
            wait_gone "$pid" 10
        else
            terminate "$pid" "$timeout"
        fi
    fi
    rm -f "$pid_file"
}

# --- Redis ----------------------------------------------------------------------------------
# Started by up and by deploy/local/redis with the same command line; 0 once it answers PING.
start_redis() {
    mkdir -p "$DIR/redis"
    # Rate-limit buckets only: nothing to persist (--save "", no AOF).
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
        --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$LOG_DIR/redis.log" --dir "$DIR/redis"
    # Redis answers PING only once its event loop runs, after it has written its pid file.
    local _
    for _ in $(seq 100); do
        [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ] && [ -s "$DIR/redis.pid" ] && return 0
        sleep 0.1
    done
    return 1
}

# --- API instances -----------------------------------------------------------------------
# `up` writes each instance's command line to $DIR/apiN.args (NUL-separated), and both `up`
# and `deploy/local/instance start` start it from there: a restarted instance runs exactly
# the command line it first ran with. Its pid goes to $DIR/apiN.pid.

instance_pid() { cat "$DIR/api$1.pid" 2>/dev/null || true; }

instance_running() {
    local pid
    pid=$(instance_pid "$1")
    pid_is "$pid" "--app.data-dir=$DIR/api$1 "
}

start_instance() {
    local n=$1 args
    mapfile -d '' args <"$DIR/api$n.args"
    start_detached "$DIR/api$n.pid" "$LOG_DIR/api$n.log" "${args[@]}"
}

# SIGTERM (the server drains requests in flight, and its readiness probe fails at once so the
# balancer takes it out), then SIGKILL after STOP_TIMEOUT. With KILL as $2: SIGKILL right away,
# a crash.
stop_instance() {
    stop_detached "$DIR/api$1.pid" "--app.data-dir=$DIR/api$1 " "${2:-TERM}" "$STOP_TIMEOUT"
}

# The readiness probe's status code on an instance's management port ("000": no answer).
readiness() {
    curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$1/actuator/health/readiness" 2>/dev/null || true
}

# Rewrites INSTANCE_PIDS in topology.env from the pid files ("-" for a stopped instance).
update_instance_pids() {
    local n pids='' pid
    [ -f "$DIR/topology.env" ] || return 0
    for n in $(seq "$INSTANCES"); do
        pid=$(instance_pid "$n")
        instance_running "$n" || pid=-
        pids="$pids $pid"
    done
    sed -i "s/^INSTANCE_PIDS=.*/INSTANCE_PIDS='${pids# }'/" "$DIR/topology.env"
}

# For the helper scripts: the topology `up` wrote, or one clear line and exit 1.
load_topology() {
    if [ ! -f "$DIR/topology.env" ]; then
        echo "$(basename "$0"): no topology is up in $DIR (run deploy/local/up first)" >&2
        exit 1
    fi
    # shellcheck disable=SC1091
    . "$DIR/topology.env"
}
