// The parts only signed-in pages show: fetched with the signed-in layout (lib/i18n,
// loadAppTranslations). The rest is in core.ts.
import admin from './admin.json';
import audit from './audit.json';
import customers from './customers.json';
import dataSources from './data-sources.json';
import projects from './projects.json';
import users from './users.json';

export default { ...admin, ...users, ...audit, ...projects, ...dataSources, ...customers };
