/** What the start script and the end-to-end tests use to run the server in-process. */
export { buildApp, type AppDeps } from './app';
export { loadConfig, ConfigError, ZERO_ADDRESS, type AppConfig, type ContractAddresses } from './platform/config';
export { createDb, type Db, type Database, type DbOptions } from './modules/schema';
export { migrate } from './platform/db/migrate';
export { seed, type SeedOptions } from './seed';
export { DEMO_MEMBERS, DEMO_OPERATOR, type SeedMember } from './modules/accounts';
export { DEFAULT_TOKEN_PRICES } from './modules/catalog';
export { AppError } from './platform/http/app-error';
export type { Mailer } from './platform/mail/mailer';
export { ALERT_SOCKET_PATH, enqueueAlert, type Alerts, type AlertMessage, type AlertType } from './modules/alerts';
export { seedDemoCatalogue, type DemoMedia, type DemoCatalogueResult } from './demo/demo-catalogue';
export { metadataUri } from './modules/items';
export { seedSupportDemo } from './demo/seed-support';
export { seedCurationDemo } from './demo/seed-curation';
export { seedDemoTrades, type DemoTradesOptions, type DemoTradesResult } from './demo/seed-trades';
