import type { LoaderFunctionArgs } from 'react-router';
import { orderInvoiceLoader } from './order-invoice.server.ts';

/** GET ORDER_INVOICE_PATTERN: an order's invoice PDF, for its own practice only. */
export async function loader(args: LoaderFunctionArgs) {
  return orderInvoiceLoader(args);
}
