/**
 * A local stack on a data folder that is kept (as `npm start` opens .local/), in a process of its own: handler
 * modules read their configuration when they load, so a second stack cannot start in the process of the first.
 * Passes the stack's own output through (the migration lines a start prints), then one JSON line describing the
 * stack once it is ready; stops it on SIGTERM.
 */
import { startLocalStack } from '../../infra/local/stack.ts';

const [dataDir, seedImageDir, events] = process.argv.slice(2) as [string, string, string];
const stack = await startLocalStack({ port: 0, dataDir, seedEvents: Number(events), seedImageDir, webRoot: false, logLevel: 'SILENT', printCodes: false, weather: 'stand-in', strava: 'stand-in' });
process.stdout.write(`${JSON.stringify({ url: stack.url, tableName: stack.tableName, dynamoEndpoint: stack.dynamoEndpoint })}\n`);
process.on('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});
