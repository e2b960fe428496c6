// @ts-check
// The visitor store's limits, the same for every kind of store. A limit is
// met with a refusal the caller sees, never by deleting what is already kept.

/** Titles in one visitor's My List; the next add answers 409 (docs/contracts.md). */
export const MAX_MY_LIST = 500;

/**
 * Visitors the memory store keeps (VISITOR_STORE=memory, for tests and
 * workshops): past it, a new visitor's first write answers 503 instead of
 * growing the process until it dies. The database has no such limit.
 */
export const MAX_MEMORY_VISITORS = 100_000;
