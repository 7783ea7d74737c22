import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type CSSProperties } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { BranchRow, DirectoryBranch } from '@krowd/domain/branch/branch-response.schema';
import {
  branchWizardSchema,
  contactPhoneMaxLength,
  type BranchStatus,
  type BranchWizardInput,
  type MerchantIds,
} from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import { useCreateDirectoryEntry } from '@/components/branch-directory/api/create-directory-entry';
import { DirectoryNameInput } from '@/components/branch-directory/directory-name-input';
import editableTable from '@/components/ui/editable-table.module.css';
import { FormStatus } from '@/components/ui/form-status';
import { ValidationErrorModal } from '@/components/ui/validation-error-modal';
import { serverErrorOf } from '@/components/ui/zod-form';
import { useBrandBranches } from '../api/get-brand-branches.ts';
import { useSaveWizardBranches } from '../api/save-wizard-branches.ts';
import {
  emptyWizardRow,
  listedBranches,
  rowSnapshot,
  rowsToSave,
  wizardMerchantIdErrors,
  wizardRowOf,
} from './branch-wizard-rows.ts';

const m = messages.onboarding;

/** The table's width on a laptop (its columns' widths summed); on a phone its rows are grids. */
const wizardTableWidths = { '--editable-table-min-width': '1900px' } as CSSProperties;
const branchFields = messages.branch.fields;

const statusColours: Record<BranchStatus, string> = {
  Pending: 'yellow',
  Approved: 'teal',
  Active: 'green',
  Rejected: 'red',
  Deleted: 'gray',
  Updated: 'blue',
};

const wizardFormSchema = z.strictObject({ branches: z.array(branchWizardSchema) });
type WizardFormInput = z.input<typeof wizardFormSchema>;
type WizardForm = UseFormReturn<WizardFormInput, unknown, z.output<typeof wizardFormSchema>>;

/** The three merchant IDs (spec 2 §2.4), in the table's order. */
const merchantIdFields: { key: keyof MerchantIds; label: string }[] = [
  { key: 'merchantId', label: m.merchantIdLabels.merchantId },
  { key: 'amexMerchantID', label: m.merchantIdLabels.amexMerchantID },
  { key: 'zettleMerchantID', label: m.merchantIdLabels.zettleMerchantID },
];

/** The plain text columns after the merchant IDs (spec 2 §2.4 wizard columns and §5's wizard fields). */
const textColumns = [
  { name: 'tripadvisorUrl', label: m.tripadvisorLink, width: 200 },
  { name: 'postcode', label: branchFields.postcode, width: 110 },
  { name: 'postalTown', label: branchFields.postalTown, width: 140 },
  { name: 'address', label: branchFields.address, width: 220 },
  { name: 'contactName', label: branchFields.contactName, width: 160 },
  { name: 'contactPhone', label: branchFields.contactPhone, width: 140 },
  { name: 'contactEmail', label: branchFields.contactEmail, width: 210 },
] as const;

export interface BranchWizardStepProps {
  brandId: string;
  /** Back to Payment Details (the Branch step is then no longer passed). */
  onBack: () => Promise<void>;
  /** The branches are saved: the step is passed. */
  onNext: () => Promise<void>;
}

/**
 * The Branch step (spec 2 §2.3–2.4 wizard mode, §5): the brand's branches as an editable table,
 * rows added for new ones (a directory venue or a new name), Back and Next. Next checks every
 * row has a merchant ID (the Validation Error modal says so before anything is sent), then saves
 * the new and changed rows in one call.
 */
export function BranchWizardStep({ brandId, onBack, onNext }: BranchWizardStepProps) {
  const branches = useBrandBranches(brandId);
  if (branches.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={m.loadingBranches} />
      </Center>
    );
  }
  if (branches.isError) {
    return (
      <Alert color="red" title={m.branchesLoadFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{branches.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void branches.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <BranchWizardTable
      brandId={brandId}
      loaded={listedBranches(branches.data.data)}
      onBack={onBack}
      onNext={onNext}
    />
  );
}

function BranchWizardTable({
  brandId,
  loaded,
  onBack,
  onNext,
}: BranchWizardStepProps & { loaded: BranchRow[] }) {
  // The domain schema drives the table as useZodForm does, but fields are checked when left, not
  // as they change: under 'onTouched' every add or remove of a row checks all rows, so a row just
  // added would show its errors before anything was typed in it.
  const form: WizardForm = useForm({
    resolver: zodResolver(wizardFormSchema),
    defaultValues: {
      branches: loaded.length > 0 ? loaded.map(wizardRowOf) : [emptyWizardRow(brandId)],
    },
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const rows = useFieldArray({ control: form.control, name: 'branches', keyName: 'key' });
  /** The saved branches as last loaded or saved, so Next sends only what changed. */
  const saved = useRef(new Map(loaded.map((branch) => [branch._id, rowSnapshot(wizardRowOf(branch))])));
  const statusOf = new Map(loaded.map((branch) => [branch._id, branch.status]));
  const [modalErrors, setModalErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [moving, setMoving] = useState<'back' | 'next' | null>(null);
  const createEntry = useCreateDirectoryEntry();
  const saveBranches = useSaveWizardBranches();

  const handleAdd = () =>
    rows.append(emptyWizardRow(brandId), { focusName: `branches.${rows.fields.length}.name` });

  /** New names get their directory entry (and kmid) first, as the Add New form does (spec 2 §4). */
  const withKmid = async (row: BranchWizardInput, index: number): Promise<BranchWizardInput> => {
    if (row._id || row.kmid) return row;
    const created = await createEntry.mutateAsync({
      branch_name: row.name ?? '',
      brand_id: brandId,
      address: row.address,
      postcode: row.postcode,
      city: row.postalTown,
      entity_url: row.tripadvisorUrl,
      email: row.contactEmail,
      phone_no: row.contactPhone as string,
    });
    const kmid = created.data[0]?.kmid ?? null;
    form.setValue(`branches.${index}.kmid`, kmid);
    return { ...row, kmid };
  };

  const save = async () => {
    const values = form.getValues('branches');
    const indexes = rowsToSave(values, saved.current);
    if (indexes.length === 0) return;
    const sent: BranchWizardInput[] = [];
    for (const index of indexes) sent.push(await withKmid(values[index]!, index));
    const ids = await saveBranches.mutateAsync(sent);
    // Saved rows carry their id from now on: a second Next updates them instead of adding again.
    indexes.forEach((index, position) => {
      const id = ids[position];
      if (!id) return;
      form.setValue(`branches.${index}._id`, id);
      saved.current.set(id, rowSnapshot(form.getValues(`branches.${index}`)));
    });
  };

  const handleNext = async () => {
    setStatus(null);
    const problems = wizardMerchantIdErrors(form.getValues('branches'));
    if (problems.length > 0) {
      setModalErrors(problems);
      return;
    }
    await form.handleSubmit(async () => {
      setMoving('next');
      try {
        await save();
        await onNext();
      } catch (error) {
        setStatus(serverErrorOf(error));
      } finally {
        setMoving(null);
      }
    })();
  };

  const handleBack = async () => {
    setStatus(null);
    setMoving('back');
    try {
      await onBack();
    } catch (error) {
      setStatus(serverErrorOf(error));
    } finally {
      setMoving(null);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleNext();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {m.branchesIntro}
        </Text>
        <div className={editableTable.scroller}>
          <Table
            withTableBorder
            verticalSpacing="xs"
            aria-label={m.branchesTable}
            className={editableTable.table}
            style={wizardTableWidths}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{messages.common.actions}</Table.Th>
                <Table.Th w={240}>{branchFields.name}</Table.Th>
                <Table.Th w={220}>{branchFields.merchantId}</Table.Th>
                {textColumns.map((column) => (
                  <Table.Th key={column.name} w={column.width}>
                    {column.label}
                  </Table.Th>
                ))}
                <Table.Th w={100}>{messages.common.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.fields.map((field, index) => {
                const id = form.getValues(`branches.${index}._id`);
                const number = index + 1;
                return (
                  <Table.Tr key={field.key} data-testid={`branch-row-${number}`}>
                    <Table.Td>
                      {id ? null : (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={messages.list.removeRow(number)}
                          onClick={() => rows.remove(index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                    <Table.Td className={editableTable.wide} data-label={branchFields.name}>
                      <BranchNameCell form={form} index={index} locked={Boolean(id)} />
                    </Table.Td>
                    <Table.Td className={editableTable.wide} data-label={branchFields.merchantId}>
                      <Stack gap={4}>
                        {merchantIdFields.map(({ key, label }) => (
                          <TextInput
                            key={key}
                            size="xs"
                            placeholder={label}
                            aria-label={messages.list.cellOfRow(label, number)}
                            maxLength={50}
                            {...form.register(`branches.${index}.merchantIds.${key}`)}
                          />
                        ))}
                      </Stack>
                    </Table.Td>
                    {textColumns.map((column) => (
                      <Table.Td key={column.name} className={editableTable.wide} data-label={column.label}>
                        <TextInput
                          size="xs"
                          aria-label={messages.list.cellOfRow(column.label, number)}
                          type={
                            column.name === 'contactEmail'
                              ? 'email'
                              : column.name === 'contactPhone'
                                ? 'tel'
                                : 'text'
                          }
                          maxLength={column.name === 'contactPhone' ? contactPhoneMaxLength : undefined}
                          error={form.formState.errors.branches?.[index]?.[column.name]?.message}
                          {...form.register(`branches.${index}.${column.name}`)}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td data-label={messages.common.status}>
                      {id ? (
                        <Badge variant="light" tt="none" color={statusColours[statusOf.get(id) ?? 'Pending']}>
                          {statusOf.get(id) ?? 'Pending'}
                        </Badge>
                      ) : (
                        <Badge variant="light" tt="none" color="gray">
                          {m.newBranch}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
        {rows.fields.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {messages.common.noDataFound}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={handleAdd}>
            {m.addBranch}
          </Button>
        </Group>
        <FormStatus message={status} />
        <Group justify="space-between">
          <Button variant="default" onClick={() => void handleBack()} loading={moving === 'back'}>
            {messages.common.back}
          </Button>
          <Button type="submit" loading={moving === 'next'} disabled={moving === 'back'}>
            {messages.common.next}
          </Button>
        </Group>
      </Stack>
      <ValidationErrorModal errors={modalErrors} onClose={() => setModalErrors([])} />
    </form>
  );
}

/**
 * The branch name: a directory search from 3 typed characters; a hit fills the row (the phone
 * without spaces), another name is a new branch (spec 2 §4). Locked once the branch is saved.
 */
function BranchNameCell({ form, index, locked }: { form: WizardForm; index: number; locked: boolean }) {
  const label = messages.list.cellOfRow(branchFields.name, index + 1);
  const name = form.watch(`branches.${index}.name`) ?? '';
  const error = form.formState.errors.branches?.[index]?.name?.message;

  const handlePick = (hit: DirectoryBranch) => {
    const fill = { shouldValidate: true, shouldDirty: true } as const;
    const at = `branches.${index}` as const;
    form.setValue(`${at}.kmid`, hit.kmid);
    form.setValue(`${at}.name`, hit.merchant_name, fill);
    form.setValue(`${at}.address`, hit.address ?? '', fill);
    form.setValue(`${at}.postcode`, hit.postcode ?? '', fill);
    form.setValue(`${at}.postalTown`, hit.city ?? '', fill);
    form.setValue(`${at}.contactEmail`, hit.email ?? '', fill);
    form.setValue(`${at}.contactPhone`, (hit.phone_no ?? '').replace(/\s+/g, ''), fill);
    form.setValue(`${at}.tripadvisorUrl`, hit.entity_url ?? '', fill);
  };

  if (locked) {
    return <TextInput size="xs" aria-label={label} value={name} disabled />;
  }
  return (
    <Controller
      control={form.control}
      name={`branches.${index}.name`}
      render={({ field }) => (
        <DirectoryNameInput
          size="xs"
          aria-label={label}
          value={field.value ?? ''}
          onChange={(value) => {
            field.onChange(value);
            // Typing another name makes it a new branch, with no directory venue yet.
            form.setValue(`branches.${index}.kmid`, null);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          onPick={handlePick}
          error={error}
        />
      )}
    />
  );
}
