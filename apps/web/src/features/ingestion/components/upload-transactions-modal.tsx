import { Alert, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { transactionColumns } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import { CsvColumns, CsvFileInput } from '@/components/ui/csv-file-input';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { isCancelled, UploadProgressBar, useUploadProgress } from '@/components/ui/upload-progress';
import { ValidationErrorModal } from '@/components/ui/validation-error-modal';
import { serverErrorOf } from '@/components/ui/zod-form';
import { ApiError } from '@/lib/api-client';
import { useCsvFile } from '@/lib/csv-file';
import { notify } from '@/lib/notify';
import { usePublishers } from '../api/get-publishers.ts';
import { useUploadTransactions, type UploadAnswer, type UploadRefusal } from '../api/upload-transactions.ts';

const m = messages.ingestion;
const fileTexts = { required: m.uploadFileRequired, notCsv: m.uploadFileNotCsv, empty: m.fileEmpty };

const linesOf = (errors: UploadAnswer['errors'] | undefined) =>
  (errors ?? []).map((error) => m.uploadLine(error.line, error.message));

export interface UploadTransactionsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Upload transactions: the system admin sends a publisher's file (brief §6) from the
 * console. The answer's counts show in the modal; refused rows are listed, each with its line, in
 * the Validation Error modal (a refused file stores nothing).
 */
export function UploadTransactionsModal({ opened, onClose }: UploadTransactionsModalProps) {
  const publishers = usePublishers();
  const upload = useUploadTransactions();
  const progress = useUploadProgress();
  const [publisherId, setPublisherId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const csv = useCsvFile(fileTexts, () => {
    setStatus(null);
    setAnswer(null);
  });
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const publisherProblem = publisherId ? null : m.uploadPublisherRequired;

  const handleClose = () => {
    progress.cancel();
    csv.reset();
    setStatus(null);
    setAnswer(null);
    onClose();
  };

  const handleUpload = async () => {
    csv.touch();
    if (csv.problem || publisherProblem || !csv.file || !publisherId) return;
    setStatus(null);
    setAnswer(null);
    try {
      const result = await upload.mutateAsync({ publisherId, file: csv.file, tracking: progress.track() });
      notify.success(result.respMessage);
      setAnswer(result);
      setRowErrors(linesOf(result.errors));
    } catch (error) {
      if (isCancelled(error)) return setStatus(messages.upload.cancelled);
      if (error instanceof ApiError) setRowErrors(linesOf((error.payload as UploadRefusal)?.errors));
      setStatus(serverErrorOf(error));
    } finally {
      progress.done();
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={handleClose} title={m.uploadTitle} centered size="lg">
        <Stack>
          <CsvColumns columns={transactionColumns} />
          <Select
            label={m.publisherLabel}
            placeholder={m.choosePublisher}
            data={(publishers.data ?? []).map((publisher) => ({
              value: publisher._id,
              label: `${publisher.displayName} (${publisher.name})`,
            }))}
            value={publisherId}
            onChange={(value) => {
              setPublisherId(value);
              setAnswer(null);
            }}
            error={csv.touched ? publisherProblem : null}
            allowDeselect={false}
          />
          <CsvFileInput {...csv.field} />
          <UploadProgressBar upload={progress} />
          {answer ? (
            <Alert color="teal" title={answer.respMessage} data-testid="upload-answer">
              {m.uploadCounts(answer)}
            </Alert>
          ) : null}
          <FormModalActions
            status={status}
            onCancel={handleClose}
            cancelLabel={answer ? messages.common.close : messages.common.cancel}
            submitLabel={messages.common.upload}
            onSubmit={() => void handleUpload()}
            pending={upload.isPending}
            submitDisabled={csv.touched && (csv.problem !== null || publisherProblem !== null)}
          />
        </Stack>
      </Modal>
      <ValidationErrorModal errors={rowErrors} onClose={() => setRowErrors([])} />
    </>
  );
}
