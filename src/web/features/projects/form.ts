import type { z } from 'zod';
import {
  DEFAULT_PROJECT_COLOUR,
  DEFAULT_PROJECT_ICON,
  PROJECT_ICONS,
  type projectCreateSchema,
  type ProjectIcon,
  type ProjectStatus,
  type ProjectUpdate,
} from '../../../shared/schemas/projects';
import type { Project } from './api/projects';

/** The values of the project form (create and edit), before the shared schema parses them. */
export interface ProjectFormValues {
  name: string;
  description: string;
  colour: string;
  icon: ProjectIcon;
  status: ProjectStatus;
}

/** The values after projectCreateSchema (trimmed, colour in capitals). */
export type ProjectFormOutput = z.output<typeof projectCreateSchema>;

const iconOf = (value: string): ProjectIcon =>
  PROJECT_ICONS.find((icon) => icon === value) ?? DEFAULT_PROJECT_ICON;

/** The form's starting values: the project's, or those of a new project. */
export function projectFormValues(project?: Project | null): ProjectFormValues {
  if (!project) {
    return {
      name: '',
      description: '',
      colour: DEFAULT_PROJECT_COLOUR,
      icon: DEFAULT_PROJECT_ICON,
      status: 'active',
    };
  }
  return {
    name: project.name,
    description: project.description,
    colour: project.colour.toUpperCase(),
    icon: iconOf(project.icon),
    status: project.status,
  };
}

/** What an edit changes (for PATCH): only the fields whose value differs from the project. */
export function projectChanges(project: Project, values: ProjectFormOutput): ProjectUpdate {
  const changes: ProjectUpdate = {};
  if (values.name !== project.name) changes.name = values.name;
  if (values.description !== project.description) changes.description = values.description;
  if (values.colour.toUpperCase() !== project.colour.toUpperCase()) changes.colour = values.colour;
  if (values.icon !== project.icon) changes.icon = values.icon;
  if (values.status !== project.status) changes.status = values.status;
  return changes;
}

export const hasChanges = (changes: ProjectUpdate) => Object.keys(changes).length > 0;
