import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { poundsToPence } from '@krowd/domain/money/money.rules';
import { instantOfWallTime, type SimulationResult } from '@krowd/domain/qualification/simulation.schema';
import { FormStatus } from '@/components/ui/form-status';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useMerchants } from '../api/campaign-calls.ts';
import { useSimulateCampaign } from '../api/simulate-campaign.ts';

const m = messages.simulation;

/** Pounds as typed, in whole pence; null when it is not an amount (the server then says why). */
function penceOf(text: string): number | null {
  return /^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? poundsToPence(Number(text)) : null;
}

export interface SimulateCampaignModalProps {
  campaign: { _id: string; name: string; brandId: string };
  timeZone: string;
  onClose: () => void;
}

/**
 * Test a transaction (issue 5 §2, the rule simulator): a sample purchase at one of the brand's
 * branches (or by MID), with the card's history at the brand, measured against this campaign
 * alone by the qualification engine. Shows the outcome and the reason; nothing is stored.
 */
export function SimulateCampaignModal({ campaign, timeZone, onClose }: SimulateCampaignModalProps) {
  const merchants = useMerchants(campaign.brandId);
  const simulate = useSimulateCampaign(campaign._id);
  const [wallTime, setWallTime] = useState('');
  const [amount, setAmount] = useState('');
  const [branchId, setBranchId] = useState<string | null>(null);
  const [mid, setMid] = useState('');
  const [lastPurchase, setLastPurchase] = useState('');
  const [averageSpend, setAverageSpend] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [result, setResult] = useState<SimulationResult | null>(null);

  const handleTest = async () => {
    setFieldErrors({});
    setStatus(null);
    setResult(null);
    try {
      setResult(
        await simulate.mutateAsync({
          datetime: instantOfWallTime(wallTime, timeZone) ?? wallTime,
          amountPence: penceOf(amount) ?? Number.NaN,
          ...(branchId ? { branchId } : {}),
          ...(mid.trim() ? { mid: mid.trim() } : {}),
          lastPurchaseAt: lastPurchase ? (instantOfWallTime(lastPurchase, timeZone) ?? lastPurchase) : null,
          averageSpendPence: averageSpend.trim() ? (penceOf(averageSpend) ?? Number.NaN) : null,
        }),
      );
    } catch (error) {
      // Errors of a field show under it; anything else (e.g. an unknown branch) below the form.
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setFieldErrors(error.fieldErrors);
      } else {
        setStatus(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <Modal opened onClose={onClose} title={`${m.title} - ${campaign.name}`} centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {m.hint(timeZone)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Date and time"
            value={wallTime}
            onChange={(event) => setWallTime(event.currentTarget.value)}
            error={fieldErrors.datetime}
            required
          />
          <TextInput
            label="Amount (£)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={fieldErrors.amountPence}
            required
          />
          <Select
            label="Branch"
            placeholder="Choose a branch"
            data={(merchants.data ?? []).map((merchant) => ({ value: merchant._id, label: merchant.name }))}
            value={branchId}
            onChange={setBranchId}
            error={fieldErrors.branchId}
            clearable
          />
          <TextInput
            label="or MID"
            value={mid}
            onChange={(event) => setMid(event.currentTarget.value)}
            error={fieldErrors.mid}
          />
          <TextInput
            type="datetime-local"
            label="Card's last purchase at the brand"
            value={lastPurchase}
            onChange={(event) => setLastPurchase(event.currentTarget.value)}
            error={fieldErrors.lastPurchaseAt}
          />
          <TextInput
            label="Card's average spend (£)"
            inputMode="decimal"
            value={averageSpend}
            onChange={(event) => setAverageSpend(event.currentTarget.value)}
            error={fieldErrors.averageSpendPence}
          />
        </SimpleGrid>
        {result ? (
          <Alert
            color={result.outcome === 'qualified' ? 'teal' : 'orange'}
            title={result.outcome === 'qualified' ? m.qualified : m.notQualified}
            data-testid="simulation-result"
          >
            {result.outcome === 'qualified'
              ? m.qualifiedSummary({
                  cashback: formatMoney(result.cashbackPence),
                  successFee: formatMoney(result.successFeePence),
                  successFeeFree: result.successFeeFree,
                  customerType: result.customerType ?? '',
                })
              : result.reason}
          </Alert>
        ) : null}
        <FormStatus message={status} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void handleTest()} loading={simulate.isPending}>
            Test
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
