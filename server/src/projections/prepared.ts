/**
 * A statement whose text starts with this comment is prepared once per connection (a named statement) instead of
 * parsed and planned at every run: for the few large statements a process sends over and over (a projection step's
 * writes, about a millisecond of planning each on PostgreSQL). The database adapter sends them so (`adapters/db`);
 * PGlite reads the mark as a comment.
 */
export const PREPARED = '/* prepared */ ';
