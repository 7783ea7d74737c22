import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { IconExternalLink } from '@tabler/icons-react';
import type { FilterVisibility } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { DateField } from '@/components/ui/date-fields';
import type { Option } from '../api/get-campaign-options.ts';
import type { FilterKey, ReportFilters } from './use-report-filters.ts';

const m = messages.report;

export interface ReportFilterOptions {
  groups: Option[];
  brands: Option[];
  branches: Option[];
  publishers: Option[];
  offerTypes: Option[];
  campaigns: Option[];
  invoices: Option[];
}

export interface ReportFilterBarProps {
  filters: ReportFilters;
  /** The dates the pickers show (the default range filled in). */
  dates: { start: string; end: string };
  dateErrors: { start?: string; end?: string };
  /** Today, the latest date either picker allows. */
  today: string;
  visibility: FilterVisibility;
  options: ReportFilterOptions;
  campaignId: string;
  onChange: (key: FilterKey, value: string | null) => void;
  onCampaignChange: (campaignId: string | null) => void;
  onOpenInvoice: () => void;
  openingInvoice: boolean;
}

const allOption = (options: Option[]): Option[] => [{ value: 'All', label: m.all }, ...options];

const customerTypes: Option[] = [
  { value: 'All', label: m.customerTypeAll },
  { value: 'NEW USER', label: m.customerTypeNew },
  { value: 'REPEAT USER', label: m.customerTypeExisting },
];

/**
 * The dashboard filters (spec 3 §2.4): each shows by its rule (filterVisibility in the domain).
 * 'All' and an empty choice both mean no filter. Drawn again only when a prop changes.
 */
export const ReportFilterBar = memo(function ReportFilterBar(props: ReportFilterBarProps) {
  const { filters, visibility, options, onChange } = props;
  const select = (key: FilterKey) => (value: string | null) => onChange(key, value === 'All' ? '' : value);
  const dateInput = (key: 'start' | 'end') => (
    // Dashboard dates are shown and typed as yyyy-MM-dd (spec 3 §9).
    <DateField
      kind="dashboardDate"
      label={key === 'start' ? m.startDate : m.endDate}
      value={props.dates[key] || ''}
      minDate={key === 'end' && props.dates.start ? props.dates.start : undefined}
      maxDate={props.today}
      error={props.dateErrors[key]}
      clearable
      clearButtonProps={{ 'aria-label': m.clearField(key === 'start' ? m.startDate : m.endDate) }}
      // An end after today becomes today (spec 3 §4).
      onChange={(next) => onChange(key, key === 'end' && next && next > props.today ? props.today : next)}
    />
  );

  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        {visibility.group ? (
          <Select
            label={m.group}
            placeholder={m.selectGroup}
            data={allOption(options.groups)}
            value={filters.group || 'All'}
            onChange={select('group')}
            searchable
            allowDeselect={false}
          />
        ) : null}
        {visibility.brand ? (
          <Select
            label={m.brand}
            placeholder={m.selectBrand}
            data={allOption(options.brands)}
            value={filters.brand || 'All'}
            onChange={select('brand')}
            searchable
            allowDeselect={false}
          />
        ) : null}
        {visibility.branch ? (
          <Select
            label={m.branch}
            placeholder={m.selectBranch}
            data={allOption(options.branches)}
            value={filters.branch || 'All'}
            onChange={select('branch')}
            searchable
            allowDeselect={false}
          />
        ) : null}
        {dateInput('start')}
        {dateInput('end')}
        {visibility.publisher ? (
          <Select
            label={m.publisher}
            data={allOption(options.publishers)}
            value={filters.publisher || 'All'}
            onChange={select('publisher')}
            allowDeselect={false}
          />
        ) : null}
        {visibility.customerType ? (
          <Select
            label={m.customerType}
            data={customerTypes}
            value={filters.customerType || 'All'}
            onChange={select('customerType')}
            allowDeselect={false}
          />
        ) : null}
        {visibility.offerType ? (
          <Select
            label={m.offerType}
            data={allOption(options.offerTypes)}
            value={filters.offerType || 'All'}
            onChange={select('offerType')}
            allowDeselect={false}
          />
        ) : null}
        <Select
          label={m.campaign}
          placeholder={m.selectCampaign}
          data={options.campaigns}
          value={props.campaignId || null}
          onChange={props.onCampaignChange}
          searchable
          clearable
          nothingFoundMessage={messages.common.noDataFound}
        />
      </SimpleGrid>
      {visibility.invoice ? (
        <Group gap="xs" align="flex-end" wrap="nowrap" mt="sm" maw={560}>
          <Select
            label={m.invoiceNumber}
            placeholder={m.selectInvoice}
            data={options.invoices}
            value={filters.invoice || null}
            onChange={(value) => onChange('invoice', value)}
            clearable
            searchable
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            disabled={!filters.invoice}
            loading={props.openingInvoice}
            onClick={props.onOpenInvoice}
            leftSection={<IconExternalLink size={16} />}
          >
            {m.openInvoice}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
});
