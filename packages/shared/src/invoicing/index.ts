export * from './vat.js';
export * from './payment-terms.js';
export * from './amounts.js';
export * from './numbering.js';
export * from './commission.js';
