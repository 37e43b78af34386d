export * from './actions';
export * from './actors';
export * from './policy';
