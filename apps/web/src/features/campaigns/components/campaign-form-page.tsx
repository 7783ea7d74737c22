import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { suggestionsMaxLength } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import { internalDemoProjection } from '@krowd/domain/projection/projection.rules';
import { BacktestPanel } from './backtest-panel.tsx';
import { BranchSelect } from './branch-select.tsx';
import { CampaignAudienceFields } from './campaign-audience-fields.tsx';
import { CampaignFormAlerts } from './campaign-form-alerts.tsx';
import { CampaignCapsFields } from './campaign-caps-fields.tsx';
import { CampaignHoldoutField } from './campaign-holdout-field.tsx';
import { CampaignOfferFields } from './campaign-offer-fields.tsx';
import { CampaignVersionHistory } from './campaign-version-history.tsx';
import { DistributorDealsTable } from './distributor-deals-table.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { ProjectionPanel } from './projection-panel.tsx';
import projectionClasses from './projection-panel.module.css';
import { TermsModal } from './terms-modal.tsx';
import { useCampaignForm, type GuestCampaignStep } from './use-campaign-form.ts';

const m = messages.campaign;

export interface CampaignFormPageProps {
  mode: 'create' | 'edit';
  /** Set for a guest onboarding (create only). */
  guest?: GuestCampaignStep;
}

/**
 * Create / Edit Campaign (spec 1 §2): the form on the left, the summary and projection on the
 * right. Next checks the form, asks for the terms once, then goes to the template step (a guest's
 * form is saved and the onboarding train follows).
 */
export function CampaignFormPage({ mode, guest }: CampaignFormPageProps) {
  const state = useCampaignForm({ mode, guest });
  const { user, form, values, errors, dirty, editId, existing, editBlocked, leaving } = state;
  const { brand, merchants, deals, acceptTerms, terms, guestSaving, status } = state;
  const { branchProblem, branchAlert, branchesReachable, handleGoToBranches } = state;
  const { monthOptions, validUntilOptions, usableBranches, branchValue, noBranchChosen } = state;
  const { projectionInput, handleFigures, handleNext, cardNetwork, allBranchesHint, setAllBranchesHint } =
    state;
  const { backtestDraft } = state;
  const { control, setValue, formState } = form;
  const isGroupAdmin = user.role === 'groupAdmin';

  if (mode === 'edit' && !editId) {
    return <Alert color="red">{m.notFound}</Alert>;
  }
  if (mode === 'edit' && existing.isError) {
    return <Alert color="red">{existing.error.message}</Alert>;
  }

  return (
    <Grid gap="lg">
      <LeaveGuard
        active={() => (guest ? true : dirty) && !leaving.current}
        message={guest ? m.leaveGuardGuest : undefined}
      />
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg">
          {branchProblem === 'pending' && branchAlert === null ? (
            // Closing the alert leaves the reason in view: Next stays disabled until the brand decides.
            <Alert color="yellow" mb="lg" data-testid="branches-pending">
              <Text size="sm">{m.branchesPending}</Text>
              {branchesReachable ? (
                <Button variant="light" size="xs" mt="sm" onClick={handleGoToBranches}>
                  {m.goToBranches}
                </Button>
              ) : null}
            </Alert>
          ) : null}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void handleNext();
            }}
            noValidate
          >
            <Stack gap="md">
              {editBlocked ? <Alert color="yellow">{m.cannotEdit}</Alert> : null}
              {isGroupAdmin && mode === 'create' ? (
                <Controller
                  control={control}
                  name="brandId"
                  render={({ field }) => (
                    <Select
                      label={messages.common.brand}
                      data={user.brandIds.map((b) => ({ value: b.brandId, label: b.brandName }))}
                      value={field.value || null}
                      onChange={(value) => {
                        field.onChange(value ?? '');
                        setValue('merchantIds', []);
                        setValue('type', undefined);
                      }}
                      error={errors.brandId?.message}
                      allowDeselect={false}
                    />
                  )}
                />
              ) : null}
              <Group grow align="flex-start">
                <TextInput
                  label={m.fields.name}
                  disabled
                  {...form.register('name')}
                  error={errors.name?.message}
                />
                <Controller
                  control={control}
                  name="start_date"
                  render={({ field }) => (
                    <Select
                      label={m.fields.month}
                      data={monthOptions}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      error={errors.start_date?.message}
                      allowDeselect={false}
                    />
                  )}
                />
              </Group>

              <CampaignOfferFields state={state} />

              <CampaignAudienceFields state={state} />

              <CampaignCapsFields state={state} />

              <CampaignHoldoutField state={state} />

              {guest ? null : (
                <BranchSelect
                  branches={merchants.data ?? []}
                  value={branchValue}
                  disabled={merchants.isPending}
                  error={errors.merchantIds?.message ?? errors.type?.message}
                  onChange={(next) => {
                    if (next === 'All') {
                      setValue('type', 'All', { shouldDirty: true, shouldValidate: formState.isSubmitted });
                      setValue('merchantIds', [], { shouldDirty: true });
                    } else {
                      setValue('type', undefined, { shouldDirty: true });
                      setValue('merchantIds', next, {
                        shouldDirty: true,
                        shouldValidate: formState.isSubmitted,
                      });
                      if (next.length > 0 && !allBranchesHint) setAllBranchesHint(true);
                    }
                  }}
                />
              )}

              <Controller
                control={control}
                name="validUntil"
                render={({ field }) => (
                  <Select
                    label={m.fields.validUntil}
                    description={m.validUntilNote}
                    placeholder={m.fields.noEndMonth}
                    data={validUntilOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    clearable
                    error={errors.validUntil?.message}
                  />
                )}
              />

              <Textarea
                label={m.fields.suggestions}
                autosize
                minRows={3}
                maxLength={suggestionsMaxLength}
                description={`${(values.suggestions ?? '').length}/${suggestionsMaxLength}`}
                {...form.register('suggestions')}
                error={errors.suggestions?.message}
              />
              <DistributorDealsTable deals={deals.data} />
            </Stack>
          </form>
        </Paper>
        {mode === 'edit' && editId ? (
          <Stack mt="lg">
            <CampaignVersionHistory campaignId={editId} />
          </Stack>
        ) : null}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg" className={backtestDraft === undefined ? undefined : projectionClasses.aside}>
          <ProjectionPanel
            record={brand.data?.json ?? null}
            input={projectionInput}
            fixedFigures={user.isInternalDemo ? internalDemoProjection : undefined}
            comingSoon={cardNetwork}
            onFigures={handleFigures}
            nextDisabled={
              guest
                ? false
                : branchProblem === 'pending' ||
                  noBranchChosen ||
                  Boolean(editBlocked) ||
                  usableBranches.length === 0
            }
            nextLabel={messages.common.next}
            onNext={() => void handleNext()}
            busy={guestSaving}
            status={status}
          />
          {backtestDraft === undefined ? null : <BacktestPanel draft={backtestDraft} />}
        </Stack>
      </Grid.Col>

      <TermsModal
        opened={terms.opened}
        busy={acceptTerms.isPending || guestSaving}
        onAccept={() => void terms.accept()}
        onCancel={terms.close}
      />
      <CampaignFormAlerts state={state} />
    </Grid>
  );
}
