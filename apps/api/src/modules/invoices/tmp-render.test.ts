import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { detailedInvoicePdf } from './invoice-document.ts';
it('renders', () => {
  const rows = Array.from({ length: 70 }, (_, i) => ({
    date: `2026-07-${String((i % 28) + 1).padStart(2, '0')} 12:${String(i % 60).padStart(2, '0')}`,
    postcode: i % 4 ? 'N1 9AA' : '',
    cardLastNumber: String(1000 + i),
    amount: i === 5 ? -2500 : 2500 + i * 37,
    cashback: i === 5 ? -375 : 375,
  }));
  writeFileSync('/tmp/c-detailed.pdf', detailedInvoicePdf({
    id: 'x', brand_id: 'y', brand_name: 'Green Fork', group_id: null, year: 2026, month: 7,
    invoice_number: 'INV-000001', cashback_pence: 22375, success_fee_pence: 0, admin_charge_pence: 224,
    amount_pence: 22599, collection_method: 'manual', issued_on: '2026-08-31', due_date: '2026-09-30',
    payment_status: 'Paid', document_id: 'INV-000001',
  }, rows));
});
