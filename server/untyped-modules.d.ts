// Packages that ship no types, with no @types package among the
// devDependencies: their imports are `any`, as the everyday check
// (tsconfig.json, not strict) has always taken them. Declared so, the strict
// check (tsconfig.strict.json) takes them the same way.
declare module 'cookie-parser';
declare module 'falcor';
declare module 'falcor-path-utils';
declare module 'falcor-router';
declare module 'negotiator';
