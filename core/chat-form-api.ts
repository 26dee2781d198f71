import { z } from 'zod';
import { QUESTION_TYPES } from './chat-form-questions';

/** The chat forms' API shapes, shared by the routes (response schemas) and the web app. */

export const chatQuestionSchema = z.object({
  field: z.string(),
  lines: z.array(z.string()),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

/** Who asks: the form owner's public name, their approved handle and logo, when they have them (never an email). */
export const formOwnerSchema = z.object({
  displayName: z.string(),
  handle: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type FormOwner = z.infer<typeof formOwnerSchema>;

const closedSchema = z.enum(['date', 'full']).nullable();

export const publicChatFormSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(chatQuestionSchema),
  thankYouMessage: z.string(),
  /** Null for a form whose owner's account is gone. */
  owner: formOwnerSchema.nullable(),
  /** Why the form takes no responses now (its closing date passed, or it has its maximum); null while open. */
  closed: closedSchema,
  closesAt: z.number().nullable(),
});
export type PublicChatForm = z.infer<typeof publicChatFormSchema>;

export const managedChatFormSchema = publicChatFormSchema.extend({
  ownerId: z.string().nullable(),
  maxResponses: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  responseCount: z.number(),
});
export type ManagedChatForm = z.infer<typeof managedChatFormSchema>;

export const chatFormListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  questionCount: z.number(),
  responseCount: z.number(),
  updatedAt: z.number(),
  closed: closedSchema,
  /** Who made it (shown to admins looking at every form); null once that account is gone. */
  ownerName: z.string().nullable(),
  mine: z.boolean(),
});
export type ChatFormListItem = z.infer<typeof chatFormListItemSchema>;

export const chatFormListSchema = z.object({ forms: z.array(chatFormListItemSchema) });
export type ChatFormList = z.infer<typeof chatFormListSchema>;

export const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const chatFormResponseSchema = z.object({
  id: z.number(),
  answers: z.record(z.string(), answerValueSchema),
  submittedAt: z.number(),
});
export type ChatFormResponse = z.infer<typeof chatFormResponseSchema>;

export const chatFormResponsesSchema = z.object({
  form: managedChatFormSchema,
  columns: z.array(z.string()),
  total: z.number(),
  responses: z.array(chatFormResponseSchema),
});
export type ChatFormResponses = z.infer<typeof chatFormResponsesSchema>;

export const submissionResultSchema = z.object({ id: z.number(), submittedAt: z.number() });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;
