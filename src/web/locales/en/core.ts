// The parts every page may show (auth pages, errors, legal, the loading bar, the help button,
// the organisation list): fetched before the first render (lib/i18n). The rest is in app.ts.
import account from './account.json';
import agentQueue from './agent-queue.json';
import base from './base.json';
import help from './help.json';
import layout from './layout.json';
import organization from './organization.json';
import shell from './shell.json';

export default {
  ...base,
  ...shell,
  ...layout,
  ...help,
  ...account,
  ...organization,
  ...agentQueue,
};
