// SQL quoting, for the build, the ingest and the browser alike: a text as a string literal, a name as an identifier.

/** A text as a SQL string literal: in single quotes, each one inside doubled. */
export const quoteText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A name as a SQL identifier: in double quotes, each one inside doubled. */
export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
