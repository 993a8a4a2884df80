// ServerPostgres: the PostgreSQL side of claudepm-server's store, for several servers sharing one
// database (`--database postgres://…`): the store engine (PostgresEngine: one connection, `?`
// placeholders translated, typed values, serialised write transactions, reconnection with
// backoff), its schema (PostgresSchema: the same migrations as ServerCore's SQLiteSchema, in
// PostgreSQL's dialect) and the cross-server event relay (PostgresEventRelay: LISTEN/NOTIFY carries
// the broadcast events of one server's bus to the buses of the others). Built on postgres-nio.
// Must not import: ServerHTTP, Hummingbird, any client module (ClientCore, ClientNetwork,
// ClientRuntime, TUI), ncurses, GRDB.
// Data flow: ServerCore services -> Store -> PostgresEngine -> PostgreSQL; broadcast events on one
// server's EventBus -> PostgresEventRelay -> NOTIFY -> the other servers' relays -> their buses.
