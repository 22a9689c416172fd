import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * What other modules may compose about circles into their own statements (decision 039), as
 * drizzle `SQL` whose arguments are SQL values: the segment discussions restricted to a circle
 * (decision 056) check membership in the statement that reads or writes a post.
 */
export const circlesSql = {
  /**
   * One row when the reader is a member of the circle (not removed) and the circle reads
   * `bookId`; with `open`, only while the circle is not closed.
   */
  member: (m: { circleId: SQLWrapper; readerId: SQLWrapper; bookId: SQLWrapper; open?: boolean }) =>
    sql`select 1 from circle_members cm join circles cc on cc.id = cm.circle_id
      where cm.circle_id = ${m.circleId} and cm.reader_id = ${m.readerId}
        and cm.removed_at is null and cc.book_id = ${m.bookId}${m.open ? sql` and cc.closed_at is null` : sql``}`,
};
