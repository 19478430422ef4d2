// One import point for both threads. json-schema is build tooling, re-exported for the schema script and tests.
export * from './common';
export * from './scene';
export * from './controls';
export * from './lights';
export * from './snapshot';
export * from './space';
export * from './mesh';
export * from './model';
export * from './card';
export * from './group';
export * from './material';
export * from './media';
export * from './tree';
export * from './dashboard';
export * from './json-schema';
export * from './repair';
export * from './chunks';
