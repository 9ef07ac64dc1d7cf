/** What the start script and the end-to-end tests use to run the server in-process. */
export { buildApp, type AppDeps } from './app';
export { loadConfig, ConfigError, ZERO_ADDRESS, type AppConfig, type ContractAddresses } from './config';
export { createDb, type Db, type Database, type DbOptions } from './db/database';
export { migrate } from './db/migrate';
export { seed, DEMO_MEMBERS, DEMO_OPERATOR, DEFAULT_TOKEN_PRICES, type SeedMember, type SeedOptions } from './db/seed';
export { AppError } from './errors';
export type { Mailer } from './plugins/mailer';
export type { Alerts, AlertMessage, AlertType } from './plugins/alerts';
export { ALERT_SOCKET_PATH } from './routes/alerts';
export { seedDemoCatalogue, type DemoMedia, type DemoCatalogueResult } from './db/demo-catalogue';
export { metadataUri } from './services/metadata';
export { seedSupportDemo } from './db/seed-support';
export { seedCurationDemo } from './db/seed-curation';
export { seedDemoTrades, type DemoTradesOptions, type DemoTradesResult } from './db/seed-trades';
