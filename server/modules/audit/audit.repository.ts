import { displayName } from '../../../domain/accounts';
import {
  AUDIT_TRAIL_PAGE_SIZE,
  type AuditTrail,
  type AuditTrailQuery,
} from '../../../domain/admin-audit.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSqlText } from '../auth/auth.sql';

// ISO time as the API shows it (written here, not imported from community: every module
// imports audit, so audit imports none of theirs).
const apiTime = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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

// $1 admin, $2 action, $3 entity, $4 entity id, $5 from (day), $6 to (day, inclusive),
// $7 limit, $8 offset.
const where = `($1::uuid is null or a.admin_id = $1::uuid)
  and ($2::text is null or a.action = $2::text)
  and ($3::text is null or a.entity_type = $3::text)
  and ($4::text is null or a.entity_id = $4::text)
  and ($5::date is null or a.created_at >= ($5::date)::timestamp at time zone 'UTC')
  and ($6::date is null or a.created_at < ($6::date + 1)::timestamp at time zone 'UTC')`;

const pageStatement = preparedStatement<EntryRow>(
  'admin_audit_page',
  // The e-mail too (unlike readers' public summaries): the trail is for administrators only.
  `select a.id, a.admin_id, u.username, u.email::text as email, a.action, a.entity_type, a.entity_id, a.before, a.after,
     ${apiTime('a.created_at')} as created_at, count(*) over ()::int as total
   from admin_audit a
   left join ${readersSqlText.join({ alias: 'u', id: 'a.admin_id' })}
   where ${where}
   order by a.created_at desc, a.id desc
   limit $7::int offset $8::int`,
);

const countStatement = preparedStatement<{ total: number }>(
  'admin_audit_count',
  `select count(*)::int as total from admin_audit a where ${where}`,
);

const optionsStatement = preparedStatement<{
  kind: string;
  value: string;
  username: string | null;
  email: string | null;
}>(
  'admin_audit_options',
  `select 'admin' as kind, d.admin_id::text as value, u.username, u.email::text
     from (select distinct admin_id from admin_audit where admin_id is not null) d
     join ${readersSqlText.join({ alias: 'u', id: 'd.admin_id' })}
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
      const filters = [
        query.admin ?? null,
        query.action || null,
        query.entity || null,
        query.entityId || null,
        query.from ?? null,
        query.to ?? null,
      ];
      const offset = (query.page - 1) * AUDIT_TRAIL_PAGE_SIZE;
      const [rows, optionRows] = await Promise.all([
        pageStatement(db, [...filters, AUDIT_TRAIL_PAGE_SIZE, offset]),
        optionsStatement(db, []),
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
