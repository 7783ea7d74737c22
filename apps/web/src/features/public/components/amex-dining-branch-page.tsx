import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Container,
  FileInput,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconFileSpreadsheet, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import { spreadsheetKindOfName } from '@krowd/domain/public/card-network.rules';
import {
  branchFileMaxBytes,
  branchSubmissionFormSchema,
  maxBranchEntries,
  type BranchEntryField,
  type BranchEntryInput,
} from '@krowd/domain/public/card-network.schema';
import { FormStatus } from '@/components/ui/form-status';
import { Logo } from '@/components/ui/logo';
import { serverErrorOf } from '@/components/ui/zod-form';
import { useBranchPage } from '../api/get-branch-page.ts';
import { useSubmitBranches } from '../api/submit-branches.ts';
import { useMarketingRedirect } from './use-marketing-redirect.ts';

const m = messages.cardNetwork;
/** Spec 3 §2.8, §9: the branch page goes to the marketing site 3 seconds after a successful submit. */
export const branchRedirectDelayMs = 3000;

type BranchPageForm = z.input<typeof branchSubmissionFormSchema>;

const columns: { field: BranchEntryField; label: string; required?: boolean; width: number }[] = [
  { field: 'branchName', label: m.branchColumns.branchName, required: true, width: 180 },
  { field: 'merchantId', label: m.branchColumns.merchantId, width: 140 },
  { field: 'amexMerchantID', label: m.branchColumns.amexMerchantID, width: 150 },
  { field: 'zettleMerchantID', label: m.branchColumns.zettleMerchantID, width: 150 },
  { field: 'postcode', label: m.branchColumns.postcode, required: true, width: 110 },
  { field: 'postaltown', label: m.branchColumns.postaltown, width: 130 },
  { field: 'address', label: m.branchColumns.address, width: 200 },
];

const emptyEntry = (): BranchEntryInput => ({
  branchName: '',
  merchantId: '',
  amexMerchantID: '',
  zettleMerchantID: '',
  postcode: '',
  postaltown: '',
  address: '',
});

/** The file's problem by its name and size; its bytes are judged by the server. */
function fileProblem(file: File | null): string | null {
  if (!file) return null;
  if (!spreadsheetKindOfName(file.name)) return m.fileNotExcel;
  if (file.size >= branchFileMaxBytes) return m.fileTooLarge(branchFileMaxBytes / 1024 / 1024);
  return null;
}

/** The public page's frame: the logo over one card, as wide as the branch table needs. */
function PublicPageFrame({ size, children }: { size: 'sm' | 'xl'; children: React.ReactNode }) {
  return (
    <Box component="main" bg="gray.0" mih="100vh" py="xl">
      <Container size={size}>
        <Stack gap="lg">
          <Logo />
          <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

/**
 * /amexdiningbranch/{id}: the branches of a dining sign-up. A table of branches (add and delete
 * rows), an optional .xls/.xlsx file, comments, Submit (disabled while sending). Success goes to
 * the marketing site 3 seconds later; an error is shown and the form is usable again.
 */
export function AmexDiningBranchPage() {
  const { id = '' } = useParams();
  const page = useBranchPage(id);

  if (page.isPending) {
    return (
      <Center component="main" mih="100vh">
        <Stack align="center">
          <Loader />
          <Text c="dimmed">{messages.common.loading}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <PublicPageFrame size={page.error ? 'sm' : 'xl'}>
      {page.error ? (
        <Stack gap="md">
          <Title order={1} size="h2">
            {m.branchTitle}
          </Title>
          <Alert color="red" role="alert">
            {page.error.message}
          </Alert>
        </Stack>
      ) : (
        <BranchForm id={id} brandName={page.data.brandName} />
      )}
    </PublicPageFrame>
  );
}

function BranchForm({ id, brandName }: { id: string; brandName: string }) {
  const submit = useSubmitBranches();
  const redirect = useMarketingRedirect(branchRedirectDelayMs);
  // Rows are checked on Submit, then again as they change: checking a field when it is left would
  // show a new row's errors as soon as the visitor moves on to add another.
  const form = useForm<BranchPageForm, unknown, z.output<typeof branchSubmissionFormSchema>>({
    resolver: zodResolver(branchSubmissionFormSchema) as unknown as Resolver<
      BranchPageForm,
      unknown,
      z.output<typeof branchSubmissionFormSchema>
    >,
    defaultValues: { branchList: [emptyEntry()], comments: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const rows = useFieldArray({ control: form.control, name: 'branchList', keyName: 'key' });
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { errors } = form.formState;
  const listError = errors.branchList?.message ?? errors.branchList?.root?.message;
  const fileError = fileProblem(file);

  const handleSubmit = form.handleSubmit(async () => {
    if (fileError) return;
    setStatus(null);
    const values = form.getValues();
    try {
      const answer = await submit.mutateAsync({
        id,
        branchList: values.branchList,
        comments: values.comments ?? '',
        excelFile: file,
      });
      redirect.start(answer.redirectTo);
    } catch (error) {
      setStatus(serverErrorOf(error, form.setError));
    }
  });

  if (redirect.redirecting) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {m.branchTitle}
        </Title>
        <Alert color="teal" role="status" title={m.branchesSubmitted} data-testid="branches-submitted">
          {m.redirecting}
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {brandName ? `${m.branchTitle}: ${brandName}` : m.branchTitle}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {m.branchIntro}
          </Text>
        </div>
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" miw={1120} aria-label={m.branchesTable}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.field} w={column.width}>
                    {column.label}
                    {column.required ? (
                      <Text span c="red" aria-hidden>
                        {' '}
                        *
                      </Text>
                    ) : null}
                  </Table.Th>
                ))}
                <Table.Th w={48}>
                  <VisuallyHidden>{messages.common.delete}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.fields.map((row, index) => (
                <Table.Tr key={row.key}>
                  {columns.map((column) => (
                    <Table.Td key={column.field} valign="top">
                      <TextInput
                        aria-label={messages.list.cellOfRow(column.label, index + 1)}
                        required={column.required}
                        error={errors.branchList?.[index]?.[column.field]?.message}
                        {...form.register(`branchList.${index}.${column.field}`)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td valign="top">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={m.deleteRow(index + 1)}
                      disabled={rows.fields.length === 1}
                      onClick={() => rows.remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {listError ? (
          <Text c="red.7" size="sm" role="alert">
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.fields.length >= maxBranchEntries}
            onClick={() =>
              rows.append(emptyEntry(), { focusName: `branchList.${rows.fields.length}.branchName` })
            }
          >
            {m.addBranch}
          </Button>
        </Group>
        <FileInput
          label={m.branchFile}
          description={m.branchFileHint}
          placeholder={m.chooseFile}
          accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          clearable
          value={file}
          onChange={setFile}
          error={fileError}
          maw={440}
        />
        <Textarea label={m.comments} rows={3} {...form.register('comments')} />
        <Group>
          <Button type="submit" disabled={submit.isPending} loading={submit.isPending}>
            {messages.common.submit}
          </Button>
        </Group>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}
