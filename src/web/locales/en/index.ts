// One file per part of the app, so that parts can be edited independently; the parts'
// top-level keys never overlap. The whole tree (its type, tests); the app loads each
// language in two chunks, core.ts and app.ts (see lib/i18n).
import account from './account.json';
import agentQueue from './agent-queue.json';
import activity from './activity.json';
import admin from './admin.json';
import agents from './agents.json';
import builder from './builder.json';
import triggers from './triggers.json';
import builderForms from './builder-forms.json';
import codeEditor from './code-editor.json';
import scheduler from './scheduler.json';
import audit from './audit.json';
import base from './base.json';
import customers from './customers.json';
import dataSources from './data-sources.json';
import help from './help.json';
import layout from './layout.json';
import modelProviders from './model-providers.json';
import apiKeys from './api-keys.json';
import organization from './organization.json';
import overview from './overview.json';
import projects from './projects.json';
import shell from './shell.json';
import users from './users.json';

const en = {
  ...base,
  ...shell,
  ...layout,
  ...help,
  ...account,
  ...agentQueue,
  ...organization,
  ...admin,
  ...users,
  ...audit,
  ...projects,
  ...dataSources,
  ...modelProviders,
  ...apiKeys,
  ...customers,
  ...agents,
  ...builder,
  ...triggers,
  ...builderForms,
  ...codeEditor,
  ...scheduler,
  ...activity,
  ...overview,
};
export default en;
export type Translations = typeof en;
