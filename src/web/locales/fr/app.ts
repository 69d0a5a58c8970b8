// The parts only signed-in pages show: fetched before such a page renders (the root route,
// lib/i18n's loadAppTranslations; not for pages marked coreTextsOnly). The rest is in core.ts.
import activity from './activity.json';
import agents from './agents.json';
import builder from './builder.json';
import triggers from './triggers.json';
import builderForms from './builder-forms.json';
import codeEditor from './code-editor.json';
import scheduler from './scheduler.json';
import admin from './admin.json';
import audit from './audit.json';
import customers from './customers.json';
import dataSources from './data-sources.json';
import modelProviders from './model-providers.json';
import apiKeys from './api-keys.json';
import overview from './overview.json';
import projects from './projects.json';
import users from './users.json';

export default {
  ...activity,
  ...overview,
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
};
