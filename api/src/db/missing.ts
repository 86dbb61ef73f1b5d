// Postgres errors that mean "that read model is not in this database (yet)": a process started
// before another's migrations ran, or a database the read model lives outside of. Callers answer
// with what an empty read model would say instead of failing.

/** 42P01 undefined_table. */
export const isUndefinedTable = (error: unknown): boolean => (error as { code?: string }).code === '42P01';

/** 42P01 undefined_table or 42703 undefined_column (a table from before a migration that added one). */
export const isUndefinedTableOrColumn = (error: unknown): boolean => isUndefinedTable(error) || (error as { code?: string }).code === '42703';
