/**
 * npm run -s esdb:standin -- --port 2113 [--host 127.0.0.1] [--data-dir DIR] [--no-batch-append]
 *   [--stats-interval-ms 30000]
 *
 * Starts the EventStoreDB stand-in (server.ts) and prints its connection string; point the server
 * at it with EVENTSTORE_URL=esdb://127.0.0.1:<port>?tls=false. With --data-dir the log is kept in
 * DIR/events.jsonl and read back at the next start. Stops on SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startStandin } from './server';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '2113' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      'no-batch-append': { type: 'boolean', default: false },
      'stats-interval-ms': { type: 'string', default: '30000' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a TCP port, got ${values.port}`);
  const standin = await startStandin({
    port,
    host: values.host,
    dataDir: values['data-dir'],
    batchAppend: !values['no-batch-append'],
    statsIntervalMs: Number(values['stats-interval-ms']),
  });
  console.log(`EventStoreDB stand-in listening: ${standin.url}` + (values['data-dir'] ? ` (log in ${values['data-dir']}, ${standin.log.size} records)` : ' (in memory)'));
  const stop = () => {
    void standin.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
