import { type SQL, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/accounts';
import {
  AUDIT_TRAIL_PAGE_SIZE,
  type AuditTrail,
  type AuditTrailQuery,
} from '../../../domain/admin-audit.schemas';
import type { Db } from '../../db/client';
import { type Params, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';

// ISO time as the API shows it (written here, not imported from community: every module
// imports audit, so audit imports none of theirs).
const apiTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The audit trail's reads. Each filter is a parameter that is null when unused, so one
// prepared statement serves every combination; the indexes on (time), (admin, time),
// (entity, id, time) and (action, time) serve the common ones.

type EntryRow = {
  id: string;
  admin_id: string | null;
  username: string | null;
  email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
  total: number;
};

type Filters = {
  admin: string | null;
  action: string | null;
  entity: string | null;
  entityId: string | null;
  /** First day, and last day (inclusive), in UTC. */
  from: string | null;
  to: string | null;
};

const where = (
  p: Params<Filters>,
) => sql`(${p.admin}::uuid is null or a.admin_id = ${p.admin}::uuid)
  and (${p.action}::text is null or a.action = ${p.action}::text)
  and (${p.entity}::text is null or a.entity_type = ${p.entity}::text)
  and (${p.entityId}::text is null or a.entity_id = ${p.entityId}::text)
  and (${p.from}::date is null or a.created_at >= (${p.from}::date)::timestamp at time zone 'UTC')
  and (${p.to}::date is null or a.created_at < (${p.to}::date + 1)::timestamp at time zone 'UTC')`;

const pageStatement = preparedStatement<Filters & { limit: number; offset: number }, EntryRow>(
  'admin_audit_page',
  // The e-mail too (unlike readers' public summaries): the trail is for administrators only.
  (
    p,
  ) => sql`select a.id, a.admin_id, u.username, u.email::text as email, a.action, a.entity_type, a.entity_id, a.before, a.after,
     ${apiTime(sql`a.created_at`)} as created_at, count(*) over ()::int as total
   from admin_audit a
   left join ${readersSql.join({ alias: 'u', id: sql`a.admin_id` })}
   where ${where(p)}
   order by a.created_at desc, a.id desc
   limit ${p.limit}::int offset ${p.offset}::int`,
);

const countStatement = preparedStatement<Filters, { total: number }>(
  'admin_audit_count',
  (p) => sql`select count(*)::int as total from admin_audit a where ${where(p)}`,
);

const optionsStatement = preparedStatement<
  Record<string, never>,
  { kind: string; value: string; username: string | null; email: string | null }
>(
  'admin_audit_options',
  () => sql`select 'admin' as kind, d.admin_id::text as value, u.username, u.email::text
     from (select distinct admin_id from admin_audit where admin_id is not null) d
     join ${readersSql.join({ alias: 'u', id: sql`d.admin_id` })}
   union all
   select distinct 'action', action, null, null from admin_audit
   union all
   select distinct 'entity', entity_type, null, null from admin_audit
   order by 1, 2`,
);

// An administrator as the trail names them: the display name every reader sees, and the
// e-mail that tells two administrators apart (only administrators read the trail).
function auditAdmin(admin: { id: string; username: string | null; email: string | null }) {
  return { id: admin.id, name: displayName(admin), email: admin.email ?? '' };
}

export function createAuditRepository({ db }: { db: Db }) {
  return {
    async page(query: AuditTrailQuery): Promise<AuditTrail> {
      const filters: Filters = {
        admin: query.admin ?? null,
        action: query.action || null,
        entity: query.entity || null,
        entityId: query.entityId || null,
        from: query.from ?? null,
        to: query.to ?? null,
      };
      const offset = (query.page - 1) * AUDIT_TRAIL_PAGE_SIZE;
      const [rows, optionRows] = await Promise.all([
        pageStatement(db, { ...filters, limit: AUDIT_TRAIL_PAGE_SIZE, offset }),
        optionsStatement(db, {}),
      ]);
      // A page past the end has no row to carry the total: count apart.
      const total =
        rows[0]?.total ?? (offset === 0 ? 0 : ((await countStatement(db, filters))[0]?.total ?? 0));
      return {
        items: rows.map((row) => ({
          id: row.id,
          admin: row.admin_id
            ? auditAdmin({ id: row.admin_id, username: row.username, email: row.email })
            : null,
          action: row.action,
          entity: row.entity_type,
          entityId: row.entity_id,
          before: row.before ?? null,
          after: row.after ?? null,
          createdAt: row.created_at,
        })),
        page: query.page,
        pageCount: Math.max(1, Math.ceil(total / AUDIT_TRAIL_PAGE_SIZE)),
        total,
        options: {
          admins: optionRows
            .filter((o) => o.kind === 'admin')
            .map((o) => auditAdmin({ id: o.value, username: o.username, email: o.email })),
          actions: optionRows.filter((o) => o.kind === 'action').map((o) => o.value),
          entities: optionRows.filter((o) => o.kind === 'entity').map((o) => o.value),
        },
      };
    },
  };
}
