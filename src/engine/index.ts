/** Public surface of the matching engine: the book, its fill buffer and expiry queue (money and rejections are in src/domain). */
export * from './book.js';
export * from './fills.js';
export * from './expiry-queue.js';
