export * from './rule-catalog';
export * from './rule-flow';
export * from './rule-api';
export * from './rule-validate';
export * from './rule-evaluate';
export * from './rule-validate-conditions';
export * from './rule-trace-store';
