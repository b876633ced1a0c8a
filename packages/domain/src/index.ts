export * from './roles';
export * from './permissions';
export * from './password';
export * from './schemas';
export * from './preferences';
export * from './list-query';
export * from './catalog';
export * from './inventory';
