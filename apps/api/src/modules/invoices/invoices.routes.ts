import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceDocumentQuerySchema, invoiceRowSchema } from '@krowd/domain/invoice/invoice.schema';
import { paginationSchema } from '@krowd/domain/list/list.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { invoiceListQuerySchema, type InvoicesService } from './invoices.service.ts';

const documentParamsSchema = z.strictObject({ documentId: z.string().trim().min(1).max(100) });

/** The invoice list, the invoice document call and the document itself (spec 2 §2.6, §7, §8). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/distributors/getInvoiceList/invoice',
    {
      config: { access: 'invoices.read' },
      schema: {
        tags: ['invoices'],
        summary:
          'The invoice list: paged, sorted, searched by number and filtered by payment status, within scope',
        querystring: invoiceListQuerySchema,
        response: {
          200: successSchema({ data: z.array(invoiceRowSchema), pagination: paginationSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.list(callerOf(request).scope, request.query)),
    }),
  );

  app.get(
    '/distributors/getInvoice/invoice',
    {
      config: { access: 'invoices.read' },
      schema: {
        tags: ['invoices'],
        summary:
          "Where an invoice's document opens (month, year, xero_invoice_id); 404 'Invoice is not created.' without one",
        querystring: invoiceDocumentQuerySchema,
        response: { 200: successSchema({ invoiceURL: z.string() }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      invoiceURL: await service.documentUrl(callerOf(request).scope, request.query),
    }),
  );

  app.get(
    '/invoices/documents/:documentId',
    {
      config: { access: 'invoices.read' },
      schema: {
        tags: ['invoices'],
        summary: 'An invoice document (PDF), within scope',
        params: documentParamsSchema,
        produces: ['application/pdf', 'application/json'],
        response: {
          200: z.unknown().describe('The invoice as a PDF (application/pdf)'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.document(callerOf(request).scope, request.params.documentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
