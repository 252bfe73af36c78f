# shellcheck shell=bash disable=SC2034 # a library: its variables are used by the scripts that source it
# Sourced by deploy/local/{up,ha,down} (not run on its own): the highly available database of
# `deploy/local/up --ha` (docs/SCALING.md, "High availability"). Three etcd members hold the
# leader lock; three PostgreSQL 15 nodes run under Patroni, which elects the leader, keeps one
# synchronous standby, and fails over when the leader's PostgreSQL or its Patroni dies.
# HAProxy reaches the leader, and each node while it is a standby, through Patroni's REST checks.
#
# Ports, from the block's BASE (see up): PostgreSQL nodes BASE+14..16, Patroni's REST API
# BASE+21..23, etcd clients BASE+24..26 and peers BASE+27..29. HAProxy adds BASE+10 (the leader,
# for writes) and BASE+11..13 (node N while it is a standby, for reads).

HA_NODES=3
HA_SCOPE=prospects
ETCD_DIR=$DIR/etcd
PATRONI_DIR=$DIR/patroni

ha_ports() {
    local base=$1 n
    NODE_PORTS='' NODE_READ_PORTS='' PATRONI_PORTS='' ETCD_CLIENT_PORTS='' ETCD_PEER_PORTS=''
    for n in $(seq "$HA_NODES"); do
        NODE_READ_PORTS="$NODE_READ_PORTS $((base + 10 + n))"
        NODE_PORTS="$NODE_PORTS $((base + 13 + n))"
        PATRONI_PORTS="$PATRONI_PORTS $((base + 20 + n))"
        ETCD_CLIENT_PORTS="$ETCD_CLIENT_PORTS $((base + 23 + n))"
        ETCD_PEER_PORTS="$ETCD_PEER_PORTS $((base + 26 + n))"
    done
    NODE_PORTS=${NODE_PORTS# } NODE_READ_PORTS=${NODE_READ_PORTS# } PATRONI_PORTS=${PATRONI_PORTS# }
    ETCD_CLIENT_PORTS=${ETCD_CLIENT_PORTS# } ETCD_PEER_PORTS=${ETCD_PEER_PORTS# }
    ETCD_HOSTS=$(for p in $ETCD_CLIENT_PORTS; do printf '127.0.0.1:%s,' "$p"; done)
    ETCD_HOSTS=${ETCD_HOSTS%,}
}

# --- etcd ----------------------------------------------------------------------------------

etcd_pid() { cat "$ETCD_DIR/etcd$1.pid" 2>/dev/null || true; }
etcd_running() { pid_is "$(etcd_pid "$1")" "--data-dir $ETCD_DIR/etcd$1"; }

# Member N of the three, started detached like the API instances. Its data directory survives a
# kill, so a restarted member rejoins the cluster it was in.
start_etcd() {
    local n=$1 cluster='' i
    for i in $(seq "$HA_NODES"); do cluster="$cluster,etcd$i=http://127.0.0.1:$(port_of "$ETCD_PEER_PORTS" "$i")"; done
    mkdir -p "$ETCD_DIR"
    local state=new
    [ -d "$ETCD_DIR/etcd$n/member" ] && state=existing
    start_detached "$ETCD_DIR/etcd$n.pid" "$LOG_DIR/etcd$n.log" \
        etcd --name "etcd$n" --data-dir "$ETCD_DIR/etcd$n" \
        --listen-client-urls "http://127.0.0.1:$(port_of "$ETCD_CLIENT_PORTS" "$n")" \
        --advertise-client-urls "http://127.0.0.1:$(port_of "$ETCD_CLIENT_PORTS" "$n")" \
        --listen-peer-urls "http://127.0.0.1:$(port_of "$ETCD_PEER_PORTS" "$n")" \
        --initial-advertise-peer-urls "http://127.0.0.1:$(port_of "$ETCD_PEER_PORTS" "$n")" \
        --initial-cluster "${cluster#,}" --initial-cluster-token "deploy-local-$BASE_PORT" \
        --initial-cluster-state "$state" --logger zap --log-level warn
}

etcd_healthy() {
    curl -s -m 2 "http://127.0.0.1:$(port_of "$ETCD_CLIENT_PORTS" "$1")/health" 2>/dev/null | grep -q '"health":"true"'
}

stop_etcd() {
    stop_detached "$ETCD_DIR/etcd$1.pid" "--data-dir $ETCD_DIR/etcd$1" "${2:-TERM}" 10
}

# --- Patroni and its PostgreSQL ------------------------------------------------------------

node_data() { echo "$PG_DIR/node$1"; }
patroni_config() { echo "$PATRONI_DIR/node$1.yml"; }
patroni_pid() { cat "$PATRONI_DIR/node$1.pid" 2>/dev/null || true; }
patroni_running() { pid_is "$(patroni_pid "$1")" "$(patroni_config "$1")"; }

# The postmaster of node N, from its pid file, when it runs.
postmaster_pid() {
    local file pid
    file="$(node_data "$1")/postmaster.pid"
    pid=$(head -1 "$file" 2>/dev/null || true)
    pid_running "$pid" && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] && echo "$pid"
    return 0
}

write_patroni_config() {
    local n=$1 port rest
    port=$(port_of "$NODE_PORTS" "$n")
    rest=$(port_of "$PATRONI_PORTS" "$n")
    cat >"$(patroni_config "$n")" <<EOF
# Written by deploy/local/up --ha; removed by deploy/local/down.
scope: $HA_SCOPE
namespace: /deploy-local-$BASE_PORT/
name: node$n
log:
  level: INFO
restapi:
  listen: 127.0.0.1:$rest
  connect_address: 127.0.0.1:$rest
etcd3:
  hosts: $ETCD_HOSTS
bootstrap:
  # The cluster-wide settings, kept in etcd from the first start (patronictl edit-config).
  dcs:
    # The leader's lock lives 10 s unless renewed; each node's loop runs every second. Patroni
    # requires loop_wait + 2 * retry_timeout <= ttl.
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    # A standby further behind than 1 MB of WAL is not promoted (with synchronous mode the
    # synchronous standby is never behind a commit).
    maximum_lag_on_failover: 1048576
    # Every commit waits until the synchronous standby has it on disk: a failover never loses
    # a committed import. Not strict: with no standby left, the leader goes on alone.
    synchronous_mode: true
    synchronous_mode_strict: false
    # A crashed leader is not restarted in place: the synchronous standby takes over at once.
    primary_start_timeout: 0
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 200
        wal_level: replica
        hot_standby: "on"
        hot_standby_feedback: "on"
        wal_log_hints: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        # A throw-away topology: nothing needs to reach the disk, but commits still wait for the
        # synchronous standby (synchronous_commit stays on).
        fsync: "off"
        full_page_writes: "on"
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - no-sync
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:$port
  connect_address: 127.0.0.1:$port
  data_dir: $(node_data "$n")
  bin_dir: $PG_BIN
  pgpass: $PATRONI_DIR/node$n.pgpass
  authentication:
    superuser:
      username: $PG_USER
    replication:
      username: $PG_USER
    rewind:
      username: $PG_USER
  parameters:
    unix_socket_directories: $PG_SOCKET_DIR
  basebackup:
    - checkpoint: fast
    - no-sync
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
EOF
}

# Patroni of node N (as the postgres OS user when run as root: PostgreSQL refuses root).
# From / (env -C): the postgres user may not enter the caller's directory.
start_patroni() {
    start_detached "$PATRONI_DIR/node$1.pid" "$LOG_DIR/node$1.log" env -C / "${AS_PG[@]}" patroni "$(patroni_config "$1")"
}

# SIGTERM: Patroni stops its PostgreSQL (fast) and gives up the leader lock if it held it.
stop_patroni() {
    stop_detached "$PATRONI_DIR/node$1.pid" "$(patroni_config "$1")" "${2:-TERM}" 60
}

# Patroni's view of the cluster, one line per member: "node2 Leader running 0" (name, role,
# state, lag in MB), asked of any node whose REST API answers.
cluster_members() {
    local port
    for port in $PATRONI_PORTS; do
        if curl -s -m 2 "http://127.0.0.1:$port/cluster" 2>/dev/null | jq -r \
            '.members[] | "\(.name) \(.role) \(.state) \(.lag // 0)"' 2>/dev/null; then
            return 0
        fi
    done
    return 1
}

# The node number of the leader whose PostgreSQL accepts writes, or nothing.
leader_node() {
    local n
    for n in $(seq "$HA_NODES"); do
        [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$(port_of "$PATRONI_PORTS" "$n")/primary" 2>/dev/null)" = 200 ] \
            && { echo "$n"; return 0; }
    done
    return 0
}

# Standbys that Patroni reports running (its REST API's /replica answers 200).
streaming_standbys() {
    local n count=0
    for n in $(seq "$HA_NODES"); do
        [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$(port_of "$PATRONI_PORTS" "$n")/replica" 2>/dev/null)" = 200 ] \
            && count=$((count + 1))
    done
    echo "$count"
}

# HAProxy's PostgreSQL listeners: the leader on BASE+10, node N as a standby on BASE+10+N.
ha_haproxy_listeners() {
    local n
    cat <<EOF

# PostgreSQL through Patroni's REST API: GET /primary answers 200 on the leader only, GET /replica
# on a running standby only (OPTIONS: the status without a body, which HAProxy would cut short).
# A server is checked every second, every 250 ms while it is changing state or down, so a new
# leader is in within half a second of Patroni saying so. A server marked down has its sessions
# closed, so no client keeps writing to a former leader. For a second or two after a leader's
# PostgreSQL dies Patroni still answers 200 for it, and after the failover both it and the new
# leader are in: a connection the dead one refuses is tried once more, on the other server
# (redispatch: at once), or, when there is none, after the connect timeout, then refused.
# (observe layer4 would take the dead leader out at its first refused connection, but Patroni's
# 200 put it back: it flapped.)
listen postgres-primary
    mode tcp
    option tcplog
    bind 127.0.0.1:$PRIMARY_PORT
    option httpchk
    http-check send meth OPTIONS uri /primary
    http-check expect status 200
    retries 1
    option redispatch 1
    timeout connect 500ms
    default-server inter 1s fastinter 250ms downinter 250ms fall 2 rise 2 on-marked-down shutdown-sessions
    timeout client 1h
    timeout server 1h
EOF
    for n in $(seq "$HA_NODES"); do
        echo "    server node$n 127.0.0.1:$(port_of "$NODE_PORTS" "$n") check port $(port_of "$PATRONI_PORTS" "$n")"
    done
    for n in $(seq "$HA_NODES"); do
        cat <<EOF

# Node $n while it is a standby (the API measures each replica's lag itself, so each has its own
# address). Sessions stay open when it is promoted: it then has every commit.
listen postgres-node$n-standby
    mode tcp
    option tcplog
    bind 127.0.0.1:$(port_of "$NODE_READ_PORTS" "$n")
    option httpchk
    http-check send meth OPTIONS uri /replica
    http-check expect status 200
    # One server: a connection it refuses is refused to the client at once (the API then reads at
    # another replica or the primary).
    retries 0
    default-server inter 1s fastinter 250ms downinter 250ms fall 2 rise 1
    timeout client 1h
    timeout server 1h
    server node$n 127.0.0.1:$(port_of "$NODE_PORTS" "$n") check port $(port_of "$PATRONI_PORTS" "$n")
EOF
    done
}
