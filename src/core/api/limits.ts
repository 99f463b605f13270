/** The service's limits, as the interface states them (service-interface.md §8): one place for every layer. */

/** Documents one GET of a collection's documents returns at most (`limit` is capped there). */
export const MAX_PAGE_SIZE = 100;

/** Documents a GET returns when it names no `limit`. */
export const DEFAULT_PAGE_SIZE = 20;

/** Free databases one account may hold. */
export const FREE_DATABASE_LIMIT = 5;
