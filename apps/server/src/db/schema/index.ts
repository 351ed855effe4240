export * from './location.js';
export * from './users.js';
export * from './catalog.js';
export * from './listings.js';
