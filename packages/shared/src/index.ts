export * from './constants/roles.js';
export * from './constants/limits.js';
export * from './constants/errors.js';
export * from './schemas/common.js';
export * from './schemas/location.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
