import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { LastSuperAdminError, setSuperAdmin } from './auth/super-admins.ts';

const usage = 'Usage: npm run cli -- super-admin grant|revoke <email>';

async function run(args: string[]): Promise<number> {
  const [command, action, email] = args;
  if (command !== 'super-admin' || (action !== 'grant' && action !== 'revoke') || !email) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const found = await setSuperAdmin(database.db, email, action === 'grant');
    if (!found) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${email} ${action === 'grant' ? 'is now' : 'is no longer'} a super admin.`);
    return 0;
  } catch (error) {
    if (error instanceof LastSuperAdminError) {
      console.error(`${error.message}; grant the flag to someone else first.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
