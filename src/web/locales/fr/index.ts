// One chunk per language, fetched when the language is used (lib/i18n). Same parts as en/index.ts.
import account from './account.json';
import admin from './admin.json';
import audit from './audit.json';
import base from './base.json';
import customers from './customers.json';
import dataSources from './data-sources.json';
import help from './help.json';
import layout from './layout.json';
import organization from './organization.json';
import projects from './projects.json';
import shell from './shell.json';
import users from './users.json';

const translations = {
  ...base,
  ...shell,
  ...layout,
  ...help,
  ...account,
  ...organization,
  ...admin,
  ...users,
  ...audit,
  ...projects,
  ...dataSources,
  ...customers,
};
export default translations;
