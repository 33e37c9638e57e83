export type { AppConfig } from './config';
/** Nest injection tokens for values that are not classes. */
export const AppConfigToken = Symbol('AppConfig');
export const DatabaseToken = Symbol('Database');
export const EventStoreToken = Symbol('EventStore');
