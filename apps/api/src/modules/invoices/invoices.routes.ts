import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignInvoiceAnswerSchema,
  invoiceListPageSchema,
  invoiceUrlSchema,
  verifiedInvoicesSchema,
} from '@krowd/domain/invoice/invoice-response.schema';
import {
  campaignInvoiceParamsSchema,
  invoiceDocumentQuerySchema,
  invoiceLookupBodySchema,
  verifyInvoicesQuerySchema,
} from '@krowd/domain/invoice/invoice.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import {
  campaignInvoiceRequestSchema,
  invoiceListQuerySchema,
  type InvoicesService,
} from './invoices.service.ts';

const documentParamsSchema = z.strictObject({ documentId: z.string().trim().min(1).max(100) });
const detailedParamsSchema = z.strictObject({ fileName: z.string().trim().min(1).max(100) });

/**
 * The invoice list, the invoice document call and the document itself (spec 2 §2.6, §7, §8), and
 * the dashboard's invoice calls (spec 3 §7: getInvoice, getXeroInvoice, verifyInvoices) with the
 * detailed PDF.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/distributors/getInvoiceList/invoice',
    {
      config: { access: 'invoices.read', keptAnswer: true },
      schema: {
        operationId: 'listInvoices',
        tags: ['invoices'],
        summary:
          'The invoice list: paged, sorted, searched by number and filtered by payment status, within scope',
        querystring: invoiceListQuerySchema,
        response: {
          200: successSchema(invoiceListPageSchema.shape),
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
        operationId: 'getInvoiceDocumentLink',
        tags: ['invoices'],
        summary:
          "Where an invoice's document opens (month, year, xero_invoice_id); 404 'Invoice is not created.' without one",
        querystring: invoiceDocumentQuerySchema,
        response: { 200: successSchema(invoiceUrlSchema.shape), ...errorResponses },
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
        operationId: 'downloadInvoiceDocument',
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

  app.get(
    '/dashboard/getInvoice/:campaignId',
    {
      config: { access: 'dashboard.read' },
      schema: {
        operationId: 'getCampaignMonthDetails',
        tags: ['invoices'],
        summary:
          "A campaign month's detailed list: with transaction=true a page of its transactions (Transaction Details: limit, default 50, at most 500, after the cursor `after`; the month's total and the next page's cursor); otherwise the brand's invoice of that month and its detailed file name, 404 'Invoice is not created.' without one",
        params: campaignInvoiceParamsSchema,
        querystring: campaignInvoiceRequestSchema,
        response: { 200: successSchema(campaignInvoiceAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.campaignInvoice(callerOf(request), request.params.campaignId, request.query)),
    }),
  );

  app.get(
    '/invoices/detailed/:fileName',
    {
      config: { access: 'invoices.read' },
      schema: {
        operationId: 'downloadDetailedInvoice',
        tags: ['invoices'],
        summary:
          'A detailed invoice (PDF with its transaction list) by file name, within scope, as a download',
        params: detailedParamsSchema,
        produces: ['application/pdf', 'application/json'],
        response: {
          200: z.unknown().describe('The detailed invoice as a PDF (application/pdf)'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.detailedDocument(
        callerOf(request).scope,
        request.params.fileName,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.post(
    '/distributors/getXeroInvoice/invoice',
    {
      config: { access: 'invoices.read' },
      schema: {
        operationId: 'findInvoiceByNumber',
        tags: ['invoices'],
        summary: "Where the invoice with this number opens (a new tab), or 404 'Invoice is not created.'",
        body: invoiceLookupBodySchema,
        response: { 200: successSchema(invoiceUrlSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      invoiceURL: await service.lookup(callerOf(request).scope, request.body.xero_invoiceNumber),
    }),
  );

  app.get(
    '/transaction/verifyInvoices',
    {
      config: { access: 'invoices.read' },
      schema: {
        operationId: 'verifyInvoiceNumbers',
        tags: ['invoices'],
        summary:
          'Whether each invoice number (comma-separated, at most 100) exists within scope, with its payment status and amount in pence',
        querystring: verifyInvoicesQuerySchema,
        response: {
          200: successSchema(verifiedInvoicesSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      invoices: await service.verify(callerOf(request).scope, request.query.InvoiceNumbers),
    }),
  );
};
