/** Public surface of the matching engine: the book, its fill buffer, amounts and rejections. */
export * from './amounts.js';
export * from './book.js';
export * from './fills.js';
export * from './expiry-queue.js';
export * from './rejects.js';
