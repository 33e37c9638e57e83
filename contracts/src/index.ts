export * from './money';
export * from './errors';
export * from './player';
export * from './health';
export * from './money-flows';
export * from './game';
