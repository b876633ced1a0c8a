export * from './forecast-history';
export * from './forecast-metrics';
export * from './forecast-methods';
export * from './forecast-classify';
export * from './forecast-censor';
export * from './forecast-peaks';
export * from './forecast-select';
export * from './replenishment';
