export * from './location.js';
export * from './users.js';
export * from './catalog.js';
export * from './companies.js';
export * from './supplier-products.js';
export * from './requests.js';
export * from './unchecked-products.js';
export * from './client-products.js';
