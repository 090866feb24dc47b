import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '../kb/page-data.server.ts';
import { orderInvoice, practiceAccess } from './subscriptions.server.ts';

/** Another practice's order, or none, is the same 404: nothing about it is told. */
export async function orderInvoiceLoader({ request, context, params }: LoaderFunctionArgs) {
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') notFound();
  const invoice = await orderInvoice(
    context.db,
    access.practice.id,
    params.orderId ?? '',
    access.practice.name,
  );
  if (!invoice) notFound();
  return new Response(Buffer.from(invoice.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
