/*
 * Ports of the read side: what the application asks of the read models, one port per read model
 * (`<name>.ts`, named after the projection folder `projections/<name>/` whose repository answers it),
 * and `ReadModelProgress`, how far the read models have followed the log. `app/read-models.ts` binds
 * each port to its repository.
 */
export * from './bank';
export * from './brands';
export * from './coach';
export * from './daily-stats';
export * from './deposits';
export * from './held-deposits';
export * from './hands';
export * from './invoices';
export * from './ledger';
export * from './page';
export * from './player-history';
export * from './players';
export * from './playthrough';
export * from './progress';
export * from './reconciliation';
export * from './redeem-codes';
export * from './sessions';
export * from './shoes';
export * from './staff-audit';
export * from './staff-roles';
export * from './suspect';
export * from './withdrawals';
export * from './liabilities';
