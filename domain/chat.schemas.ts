import { z } from 'zod';
import { CHAT_MESSAGE_MAX, chatLength } from './chat';
import { chatMessages as m } from './messages/chat';

// The finished-book chat's contracts (docs/architecture.md#live-notifications-and-chat,
// docs/decisions/021-chat-moderation.md):
// request params and the responses, from which the types and the OpenAPI document are made.

/** A book's room: /api/books/:slug/chat. */
export const chatRoomParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1, m.bookRefInvalid)
    .max(200, m.bookRefInvalid)
    .regex(/^[a-z0-9-]+$/i, m.bookRefInvalid),
});

/** Older messages: `before` is the previous page's `nextCursor`. */
export const chatPageQuerySchema = z.object({
  before: z.string().max(200, m.invalidCursor).optional(),
});

/** A message to post: trimmed, then 1 to 500 characters (code points). */
export const chatPostSchema = z.strictObject({
  content: z
    .string({ error: m.messageRequired })
    .trim()
    .refine((text) => text.length > 0, m.messageEmpty)
    .refine((text) => chatLength(text) <= CHAT_MESSAGE_MAX, m.messageTooLong)
    .describe(`1 à ${CHAT_MESSAGE_MAX} caractères, espaces de début et de fin retirés`),
});
export type ChatPost = z.infer<typeof chatPostSchema>;

/** One message: /api/chat/messages/:id, /api/admin/chat/reports/:messageId. */
export const chatMessageParamsSchema = z.object({ id: z.uuid({ error: m.messageNotFound }) });
export const chatReportParamsSchema = z.object({
  messageId: z.uuid({ error: m.messageNotFound }),
});

/** A message's author as the room shows them: display name and photo, nothing private. */
export const chatAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** One message of a room, as the list returns it and the live channel pushes it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  bookId: z.string().describe('Le livre du salon (un onglet en direct ne garde que le sien)'),
  content: z.string().describe('Texte brut, à afficher comme du texte (jamais du HTML)'),
  createdAt: z.string(),
  author: chatAuthorSchema,
  authorId: z.string(),
  mine: z
    .boolean()
    .describe("Écrit par le lecteur connecté (toujours false dans l'événement en direct)"),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatBookSchema = z.object({ id: z.string(), slug: z.string(), title: z.string() });
export type ChatBook = z.infer<typeof chatBookSchema>;

/** GET /api/books/:slug/chat: the book, and a page of messages, oldest to newest. */
export const chatPageSchema = z.object({
  book: chatBookSchema,
  items: z.array(chatMessageSchema),
  nextCursor: z.string().nullable().describe('Pour les messages plus anciens (?before=)'),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

export const chatRemovedSchema = z.object({ removed: z.literal(true) });
export const chatReportedSchema = z.object({ reported: z.literal(true) });
export const chatDismissedSchema = z.object({ dismissed: z.number() });

/** One reported message in the administrators' queue, with its open reports' count. */
export const chatReportSchema = z.object({
  message: z.object({ id: z.string(), content: z.string(), createdAt: z.string() }),
  author: chatAuthorSchema,
  book: chatBookSchema,
  count: z.number(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
});
export const chatReportsSchema = z.object({ items: z.array(chatReportSchema) });
export type ChatReport = z.infer<typeof chatReportSchema>;
