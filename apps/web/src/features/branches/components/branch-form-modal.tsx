import { Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { BranchRow, DirectoryBranch } from '@krowd/domain/branch/branch-response.schema';
import {
  branchFormSchema,
  contactPhoneMaxLength,
  type BranchForm,
  type BranchFormInput,
} from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import { useCreateDirectoryEntry } from '@/components/branch-directory/api/create-directory-entry';
import { DirectoryNameInput } from '@/components/branch-directory/directory-name-input';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import type { ListOption } from '@/components/ui/entity-list-toolbar';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreateBranch } from '../api/create-branch.ts';
import { useUpdateBranch } from '../api/update-branch.ts';
import { merchantIdLabels } from './branch-cells.tsx';

const m = messages.branch;
const fields = m.fields;

export interface BranchFormModalProps {
  opened: boolean;
  /** The branch being edited; absent when adding. */
  branch?: BranchRow;
  /** The brands a new branch may belong to (several for group roles). */
  brands: ListOption[];
  /** The brand chosen in the list, preselected for a new branch. */
  defaultBrandId: string | undefined;
  onClose: () => void;
}

const text = (value: string | null | undefined) => value ?? '';

function initialValues(branch: BranchRow | undefined): BranchFormInput {
  return {
    name: text(branch?.name),
    kmid: branch?.kmid ?? null,
    postcode: text(branch?.postcode),
    postalTown: text(branch?.postalTown),
    address: text(branch?.address),
    contactName: text(branch?.contactName),
    contactPhone: text(branch?.contactPhone),
    contactEmail: text(branch?.contactEmail),
    tripadvisorUrl: text(branch?.tripadvisorUrl),
    merchantIds: {
      merchantId: text(branch?.merchantIds.merchantId),
      amexMerchantID: text(branch?.merchantIds.amexMerchantID),
      zettleMerchantID: text(branch?.merchantIds.zettleMerchantID),
    },
  };
}

/** Add New and Edit (spec 2 §2.4, §5): mounted afresh for each opening, so it starts clean. */
export function BranchFormModal(props: BranchFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.branch ? m.editTitle : m.addTitle}
      size="xl"
      centered
    >
      {props.opened ? <BranchFormBody {...props} /> : null}
    </Modal>
  );
}

function BranchFormBody({ branch, brands, defaultBrandId, onClose }: BranchFormModalProps) {
  const editing = branch !== undefined;
  const form = useZodForm(branchFormSchema, initialValues(branch));
  const { errors } = form.formState;
  const [brandId, setBrandId] = useState<string | null>(defaultBrandId ?? brands[0]?.value ?? null);
  const [status, setStatus] = useState<string | null>(null);
  const createEntry = useCreateDirectoryEntry();
  const addBranch = useCreateBranch();
  const updateBranch = useUpdateBranch();
  const pending = createEntry.isPending || addBranch.isPending || updateBranch.isPending;

  /** A directory hit fills the branch in (spec 2 §4); the phone loses its spaces. */
  const handlePick = (hit: DirectoryBranch) => {
    const fill = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue('kmid', hit.kmid);
    form.setValue('name', hit.merchant_name, fill);
    form.setValue('address', text(hit.address), fill);
    form.setValue('postcode', text(hit.postcode), fill);
    form.setValue('postalTown', text(hit.city), fill);
    form.setValue('contactEmail', text(hit.email), fill);
    form.setValue('contactPhone', text(hit.phone_no).replace(/\s+/g, ''), fill);
    form.setValue('tripadvisorUrl', text(hit.entity_url), fill);
  };

  const handleSubmit = form.handleSubmit(async (values: BranchForm) => {
    setStatus(null);
    try {
      if (editing) {
        const { name: _name, kmid: _kmid, ...changes } = values;
        const answer = await updateBranch.mutateAsync({ id: branch._id, changes });
        notify.success(answer.respMessage);
      } else {
        if (!brandId) return;
        let kmid = values.kmid;
        // A new name gets its directory entry, and so its kmid, first (spec 2 §4).
        if (!kmid) {
          const created = await createEntry.mutateAsync({
            branch_name: values.name,
            brand_id: brandId,
            address: values.address,
            postcode: values.postcode,
            city: values.postalTown,
            entity_url: values.tripadvisorUrl,
            email: values.contactEmail,
            phone_no: values.contactPhone,
          });
          kmid = created.data[0]?.kmid ?? null;
          form.setValue('kmid', kmid);
        }
        const answer = await addBranch.mutateAsync({ ...values, kmid, brandId });
        notify.success(answer.respMessage);
      }
      onClose();
    } catch (error) {
      setStatus(serverErrorOf(error, form.setError));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {!editing && brands.length > 1 ? (
          <Select
            label={messages.common.brand}
            data={brands}
            value={brandId}
            onChange={setBrandId}
            allowDeselect={false}
            required
          />
        ) : null}
        <Controller
          control={form.control}
          name="name"
          render={({ field }) =>
            editing ? (
              <TextInput
                label={fields.name}
                value={field.value ?? ''}
                disabled
                description={m.nameFromDirectory}
              />
            ) : (
              <DirectoryNameInput
                label={fields.name}
                required
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(value);
                  // Typing another name makes it a new branch (isNew), with no kmid yet.
                  form.setValue('kmid', null);
                }}
                onBlur={field.onBlur}
                onPick={handlePick}
                error={errors.name?.message}
              />
            )
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={fields.postcode}
            required
            error={errors.postcode?.message}
            {...form.register('postcode')}
          />
          <TextInput
            label={fields.postalTown}
            error={errors.postalTown?.message}
            {...form.register('postalTown')}
          />
        </SimpleGrid>
        <Textarea
          label={fields.address}
          autosize
          minRows={2}
          error={errors.address?.message}
          {...form.register('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={fields.contactName}
            error={errors.contactName?.message}
            {...form.register('contactName')}
          />
          <TextInput
            label={fields.contactPhone}
            type="tel"
            maxLength={contactPhoneMaxLength}
            error={errors.contactPhone?.message}
            {...form.register('contactPhone')}
          />
          <TextInput
            label={fields.contactEmail}
            type="email"
            error={errors.contactEmail?.message}
            {...form.register('contactEmail')}
          />
        </SimpleGrid>
        <TextInput
          label={fields.tripadvisorUrl}
          placeholder="https://www.tripadvisor.co.uk/…"
          error={errors.tripadvisorUrl?.message}
          {...form.register('tripadvisorUrl')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(Object.keys(merchantIdLabels) as (keyof typeof merchantIdLabels)[]).map((key) => (
            <TextInput
              key={key}
              label={merchantIdLabels[key]}
              maxLength={50}
              error={errors.merchantIds?.[key]?.message}
              {...form.register(`merchantIds.${key}`)}
            />
          ))}
        </SimpleGrid>
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={editing ? messages.common.update : messages.common.add}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
