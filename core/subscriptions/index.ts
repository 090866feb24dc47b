export * from './cart.ts';
export * from './discounts.ts';
export * from './money.ts';
export * from './order-totals.ts';
export * from './proration.ts';
export * from './tax.ts';
export * from './paths.ts';
export * from './cart-form.ts';
