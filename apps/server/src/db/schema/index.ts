export * from './location.js';
export * from './users.js';
export * from './catalog.js';
export * from './companies.js';
export * from './prices.js';
export * from './listings.js';
export * from './supplier-products.js';
export * from './requests.js';
