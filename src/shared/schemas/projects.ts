/**
 * Projects (/projects, /projects/{id}): the create and edit bodies, the list query and the
 * choices of colour and icon. Used by the API's validation and by the web forms.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema, sortOrderSchema } from './query.ts';

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2000;

/** Colours offered by the form (the theme's palette); any #rrggbb colour is accepted. */
export const PROJECT_COLOURS = [
  '#7367F0',
  '#28C76F',
  '#FF9F43',
  '#FF4C51',
  '#00BAD1',
  '#808390',
  '#E83E8C',
  '#0D9394',
] as const;
export const DEFAULT_PROJECT_COLOUR = PROJECT_COLOURS[0];

/** Icon names (Tabler icons, kebab-case without the `Icon` prefix) a project may show. */
export const PROJECT_ICONS = [
  'folder',
  'rocket',
  'briefcase',
  'chart-bar',
  'database',
  'robot',
  'users',
  'shopping-cart',
  'building',
  'bulb',
  'code',
  'world',
  'headset',
  'mail',
  'calendar',
  'file-text',
] as const;
export type ProjectIcon = (typeof PROJECT_ICONS)[number];
export const DEFAULT_PROJECT_ICON: ProjectIcon = 'folder';

export const PROJECT_MESSAGES = {
  required: 'This field is required',
  nameMax: `Use at most ${PROJECT_NAME_MAX} characters`,
  descriptionMax: `Use at most ${PROJECT_DESCRIPTION_MAX} characters`,
  colour: 'Use a colour such as #7367F0',
  icon: 'Choose one of the offered icons',
  nameTaken: 'A project with this name already exists in this organization',
  nothingToChange: 'Nothing to change',
  notFound: 'Project not found',
} as const;

const name = z
  .string({ error: PROJECT_MESSAGES.required })
  .trim()
  .min(1, PROJECT_MESSAGES.required)
  .max(PROJECT_NAME_MAX, PROJECT_MESSAGES.nameMax);
const description = z.string().trim().max(PROJECT_DESCRIPTION_MAX, PROJECT_MESSAGES.descriptionMax);
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, PROJECT_MESSAGES.colour)
  .transform((value) => value.toUpperCase());
const icon = z.enum(PROJECT_ICONS, { error: PROJECT_MESSAGES.icon });
export const projectStatusSchema = z.enum(PROJECT_STATUSES);

/** POST /api/v1/projects. */
export const projectCreateSchema = z.strictObject({
  name,
  description: description.default(''),
  colour: colour.default(DEFAULT_PROJECT_COLOUR),
  icon: icon.default(DEFAULT_PROJECT_ICON),
  status: projectStatusSchema.default('active'),
});
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreate = z.output<typeof projectCreateSchema>;

/** PATCH /api/v1/projects/{id}: any of the fields, at least one. */
export const projectUpdateSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    colour: colour.optional(),
    icon: icon.optional(),
    status: projectStatusSchema.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: PROJECT_MESSAGES.nothingToChange,
  });
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

export const PROJECT_SORT_FIELDS = ['name', 'status', 'createdAt', 'updatedAt'] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

/** GET /api/v1/projects. */
export const projectListQuerySchema = pageQuerySchema.extend({
  search: searchQuerySchema,
  status: projectStatusSchema.optional(),
  sort: z.enum(PROJECT_SORT_FIELDS).default('createdAt'),
  order: sortOrderSchema.default('desc'),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

/** A project as the API returns it. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  colour: z.string(),
  icon: z.string(),
  status: projectStatusSchema,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectDto = z.infer<typeof projectSchema>;

export const projectPageSchema = pageSchema(projectSchema);

/** One entry of a project's recent activity (from the audit log). */
export const projectActivitySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({
    id: z.string().nullable(),
    email: z.string().nullable(),
    /** The actor's current name (their e-mail when the account is gone); null: the system. */
    name: z.string().nullable(),
  }),
  /** The target's name as the change recorded it. */
  targetName: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectActivityDto = z.infer<typeof projectActivitySchema>;

/** GET /api/v1/projects/{id}/overview. */
export const projectOverviewSchema = z.object({
  project: projectSchema,
  /** Named counts (e.g. dataSources); each module that links records to projects adds one. */
  counts: z.record(z.string(), z.number()),
  recentActivity: z.array(projectActivitySchema),
});
export type ProjectOverviewDto = z.infer<typeof projectOverviewSchema>;
