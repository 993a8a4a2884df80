// ServerHTTP: module placeholder until its issue lands. See docs/architecture.md.
