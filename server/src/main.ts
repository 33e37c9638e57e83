import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { Logger } from 'nestjs-pino';
import { createApp } from './app/create-app';
import { HttpConnections, shutDownGracefullyOnSignals } from './app/shutdown';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Bahati cannot start.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  shutDownGracefullyOnSignals(app, new HttpConnections(app.getHttpServer()), app.get(Logger));
  await app.listen({ port: config.port, host: config.host });
  const url = await app.getUrl();
  app.get(Logger).log(`Bahati is serving ${url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
