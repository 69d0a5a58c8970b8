import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import {
  type DataSourceType,
  type FileConfig,
  type HttpConfig,
  type MysqlConfig,
  type PostgresConfig,
} from '../../../../shared/schemas/data-sources.ts';
import {
  fileQuerySchema,
  httpQuerySchema,
  sqlQuerySchema,
} from '../../../../shared/schemas/data-source-queries.ts';
import { fileConnector } from './file.ts';
import { httpConnector } from './http.ts';
import { mysqlConnector } from './mysql.ts';
import { postgresConnector } from './postgres.ts';
import type { Connector } from './types.ts';
import { runQueryInWorker } from './query-worker-client.ts';
import type { OutboundPolicy } from '../../../net/outbound.ts';

export { ConnectorError } from './types.ts';
export type { Connector, QueryOptions, TimeoutOptions } from './types.ts';

/** A data source as the connectors need it: settings and the decrypted secret. */
export interface ConnectableSource {
  id: string;
  type: DataSourceType;
  config: unknown;
  secret: string | null;
}

/** A connector whose `runQuery` takes the console's raw request and checks it for the type. */
export type AnyConnector = Connector<unknown>;

function checked<Q>(connector: Connector<Q>, schema: z.ZodType<Q>): AnyConnector {
  return {
    testConnection: (options) => connector.testConnection(options),
    listSchema: (options) => connector.listSchema(options),
    runQuery: (input, options) => connector.runQuery(schema.parse(input), options),
  };
}

export function connectorFor(
  db: Database,
  source: ConnectableSource,
  policy: OutboundPolicy,
): AnyConnector {
  switch (source.type) {
    case 'postgres':
    case 'mysql': {
      const settings = { config: source.config, password: source.secret, policy };
      const inProcess =
        source.type === 'postgres'
          ? postgresConnector({ ...settings, config: source.config as PostgresConfig })
          : mysqlConnector({ ...settings, config: source.config as MysqlConfig });
      return {
        testConnection: (options) => inProcess.testConnection(options),
        listSchema: (options) => inProcess.listSchema(options),
        // Results of arbitrary size are read in a worker thread with a memory limit.
        runQuery: (input, options) =>
          runQueryInWorker(
            { type: source.type as 'postgres' | 'mysql', ...settings },
            sqlQuerySchema.parse(input),
            options,
          ),
      };
    }
    case 'http':
      return checked(
        httpConnector({ config: source.config as HttpConfig, secret: source.secret, policy }),
        httpQuerySchema,
      );
    case 'file':
      return checked(
        fileConnector(db, { id: source.id, config: source.config as FileConfig }),
        fileQuerySchema,
      );
  }
}
