import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { branchCsvColumns } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import { CsvColumns, CsvFileInput } from '@/components/ui/csv-file-input';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { isCancelled, UploadProgressBar, useUploadProgress } from '@/components/ui/upload-progress';
import { ValidationErrorModal } from '@/components/ui/validation-error-modal';
import { serverErrorOf } from '@/components/ui/zod-form';
import type { ListOption } from '@/components/ui/entity-list-toolbar';
import { ApiError } from '@/lib/api-client';
import { useCsvFile } from '@/lib/csv-file';
import { notify } from '@/lib/notify';
import { useUploadBranches } from '../api/upload-branches.ts';

const m = messages.branch;
const fileTexts = { required: m.fileRequired, notCsv: m.fileNotCsv, empty: m.fileEmpty };

export interface UploadBranchesModalProps {
  opened: boolean;
  brands: ListOption[];
  defaultBrandId: string | undefined;
  onClose: () => void;
}

/**
 * Upload CSV (brief §6): a .csv of branches for one brand. A wrong type disables Upload; rows the
 * server refuses are listed, each with its line, in the Validation Error modal, and none is stored.
 */
export function UploadBranchesModal({ opened, brands, defaultBrandId, onClose }: UploadBranchesModalProps) {
  const [brandId, setBrandId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const csv = useCsvFile(fileTexts, () => setStatus(null));
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const upload = useUploadBranches();
  const progress = useUploadProgress();
  const chosenBrand = brandId ?? defaultBrandId ?? brands[0]?.value ?? null;

  const handleClose = () => {
    progress.cancel();
    csv.reset();
    setStatus(null);
    onClose();
  };

  const handleUpload = async () => {
    csv.touch();
    if (csv.problem || !csv.file || !chosenBrand) return;
    setStatus(null);
    try {
      const answer = await upload.mutateAsync({
        brandId: chosenBrand,
        file: csv.file,
        tracking: progress.track(),
      });
      notify.success(answer.respMessage);
      handleClose();
    } catch (error) {
      if (isCancelled(error)) return setStatus(messages.upload.cancelled);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setRowErrors(Object.entries(error.fieldErrors).map(([where, message]) => `${where}: ${message}`));
      }
      setStatus(serverErrorOf(error));
    } finally {
      progress.done();
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={handleClose} title={messages.list.uploadCsv} centered size="lg">
        <Stack>
          <Text size="sm">{m.csvHint}</Text>
          <CsvColumns columns={branchCsvColumns} />
          {brands.length > 1 ? (
            <Select
              label={messages.common.brand}
              data={brands}
              value={chosenBrand}
              onChange={setBrandId}
              allowDeselect={false}
            />
          ) : null}
          <CsvFileInput {...csv.field} />
          <UploadProgressBar upload={progress} />
          <FormModalActions
            status={status}
            onCancel={handleClose}
            submitLabel={messages.common.upload}
            onSubmit={() => void handleUpload()}
            pending={upload.isPending}
            submitDisabled={csv.field.error !== null}
          />
        </Stack>
      </Modal>
      <ValidationErrorModal errors={rowErrors} onClose={() => setRowErrors([])} />
    </>
  );
}
