// SQL about readers (the users table) that other modules compose into their own single
// statements (docs/architecture.md#modules). Arguments are SQL expressions, e.g. '$1'.

export const readersSql = {
  /**
   * The reader's row, locked so that one reader's validations queue on it (their rewards
   * record is read after every earlier one committed). A row whose `id` is null: no reader.
   */
  locked: (userId: string) => `(select id from users where id = ${userId} for no key update)`,

  /** The reader's time zone (one row, none for an unknown reader). */
  timeZone: (userId: string) => `select time_zone from users where id = ${userId}`,
};
