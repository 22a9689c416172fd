import { z } from 'zod';
import { bookCardSchema } from './books.schemas';
import {
  CIRCLE_NAME,
  CIRCLE_PACE_DAYS,
  CIRCLE_STANDINGS,
  circleNameProblem,
  INVITE_CODE_PATTERN,
  isCalendarDay,
  normalizeCircleName,
} from './circles';
import { readerSummarySchema } from './community.schemas';
import { circleMessages as m } from './messages/circles';

// Contracts of /api/circles and /api/circle-invitations (docs/architecture.md#reading-circles).

const nameMessages = {
  invisible: m.nameInvisible,
  tooShort: m.nameTooShort,
  tooLong: m.nameTooLong,
} as const;

/** A circle's name: normalized (NFKC, spaces collapsed, trimmed), then checked. */
export const circleNameSchema = z
  .string({ error: m.nameRequired })
  .max(CIRCLE_NAME.max * 4, m.nameTooLong)
  .transform(normalizeCircleName)
  .superRefine((name, ctx) => {
    const problem = circleNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: nameMessages[problem] });
  });

export const createCircleBodySchema = z.strictObject({
  bookId: z.uuid({ error: m.bookIdInvalid }),
  name: circleNameSchema,
  startDay: z.iso
    .date({ error: m.startDayInvalid })
    .refine(isCalendarDay, m.startDayInvalid)
    .describe('Jour de début (AAAA-MM-JJ, heure de Paris), du jour même à 90 jours plus tard.'),
  paceDays: z
    .number({ error: m.paceInvalid })
    .int(m.paceInvalid)
    .min(CIRCLE_PACE_DAYS.min, m.paceInvalid)
    .max(CIRCLE_PACE_DAYS.max, m.paceInvalid)
    .describe('Jours par segment (le segment n est dû le jour de début + n × ce rythme).'),
});
export type CreateCircleBody = z.input<typeof createCircleBodySchema>;

export const circleParamsSchema = z.strictObject({
  id: z.uuid({ error: m.circleIdInvalid }),
});

export const circleMemberParamsSchema = z.strictObject({
  id: z.uuid({ error: m.circleIdInvalid }),
  readerId: z.uuid({ error: m.readerIdInvalid }),
});

export const inviteBodySchema = z.strictObject({
  readerId: z.uuid({ error: m.readerIdInvalid }),
});

export const inviteCodeParamsSchema = z.strictObject({
  code: z
    .string({ error: m.inviteCodeInvalid })
    .length(22, m.inviteCodeInvalid)
    .regex(INVITE_CODE_PATTERN, m.inviteCodeInvalid)
    .describe('Le code du lien d’invitation (22 caractères base64url).'),
});

export const membershipBodySchema = z.strictObject({
  emailReminders: z.boolean({ error: m.preferencesInvalid }),
});

const standingSchema = z.enum(CIRCLE_STANDINGS);

const scheduleEntrySchema = z.object({
  segment: z.number().int(),
  dueDay: z.string().describe('Jour où le segment est dû (AAAA-MM-JJ, heure de Paris).'),
  pages: z.object({ from: z.number().int(), to: z.number().int() }),
});
export type CircleScheduleEntry = z.infer<typeof scheduleEntrySchema>;

const nextDueSchema = z.object({ segment: z.number().int(), dueDay: z.string() }).nullable();

/** A circle as every member sees it, without its members. */
const circleSchema = z.object({
  id: z.string(),
  name: z.string(),
  startDay: z.string(),
  paceDays: z.number().int(),
  closedAt: z.string().nullable(),
  memberCount: z.number().int(),
  maxMembers: z.number().int(),
  creator: readerSummarySchema.nullable(),
});

/** One of my circles in my list. */
export const myCircleSchema = circleSchema.extend({
  book: bookCardSchema,
  isCreator: z.boolean(),
  validated: z.number().int(),
  standing: standingSchema,
  nextDue: nextDueSchema,
});
export type MyCircle = z.infer<typeof myCircleSchema>;

export const myCirclesSchema = z.object({ items: z.array(myCircleSchema) });
export type MyCircles = z.infer<typeof myCirclesSchema>;

export const circleMemberSchema = z.object({
  reader: readerSummarySchema,
  isCreator: z.boolean(),
  joinedAt: z.string(),
  validated: z.number().int(),
  standing: standingSchema,
});
export type CircleMember = z.infer<typeof circleMemberSchema>;

/** GET /api/circles/:id: the circle's page, for its members only. */
export const circlePageSchema = z.object({
  circle: circleSchema.extend({
    isCreator: z.boolean(),
    /** The invitation code, for the circle's creator only (null for the others). */
    inviteCode: z.string().nullable(),
  }),
  book: bookCardSchema,
  today: z.string().describe('Le jour de Paris où la page est lue (AAAA-MM-JJ).'),
  overdue: z.number().int().describe('Segments dont le jour est passé.'),
  schedule: z.array(scheduleEntrySchema),
  members: z.array(circleMemberSchema),
  me: z.object({
    validated: z.number().int(),
    standing: standingSchema,
    emailReminders: z.boolean(),
  }),
});
export type CirclePage = z.infer<typeof circlePageSchema>;

/** GET /api/circle-invitations/:code: what a reader sees before joining. */
export const invitationPreviewSchema = z.object({
  circle: circleSchema,
  book: bookCardSchema,
  schedule: z.array(scheduleEntrySchema),
  membership: z.enum(['none', 'member', 'removed']),
  full: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** A circle created or joined: its id and what to tell the reader. */
export const circleCreatedSchema = z.object({ id: z.string(), message: z.string() });
export type CircleCreated = z.infer<typeof circleCreatedSchema>;

export const inviteCodeSchema = z.object({ inviteCode: z.string() });

export const membershipSchema = z.object({ emailReminders: z.boolean(), message: z.string() });
