import {
  Checkbox,
  Chip,
  Group,
  Radio,
  RangeSlider,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { ageRangeLimits } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import { NumberField } from '@/components/ui/number-field';
import type { CampaignFormState } from './use-campaign-form.ts';

const m = messages.campaign;
const f = m.fields;

/** The fee and budget, and who and when the offer reaches: ages, genders, recurring, days and times. */
export function CampaignAudienceFields({ state }: { state: CampaignFormState }) {
  const { form, values, errors } = state;
  const { control } = form;
  return (
    <>
      <Group grow align="flex-start">
        <NumberField
          control={control}
          name="successFee"
          blank={undefined}
          label={
            <Group gap={4}>
              {f.successFee}
              <Tooltip label={m.successFeeTooltip} multiline w={240}>
                <IconInfoCircle size={14} aria-label={m.successFeeTooltip} />
              </Tooltip>
            </Group>
          }
          min={0}
          max={100}
          allowDecimal={false}
        />
        <Controller
          control={control}
          name="budgetType"
          render={({ field }) => (
            <Radio.Group label={f.budget} value={field.value ?? 'na'} onChange={field.onChange}>
              <Group mt={6}>
                <Radio value="na" label={f.noLimit} />
                <Radio value="budget" label={f.setBudget} />
              </Group>
            </Radio.Group>
          )}
        />
        {values.budgetType === 'budget' ? (
          <NumberField control={control} name="budget" kind="pounds" label={f.budgetPounds} />
        ) : null}
      </Group>

      <Controller
        control={control}
        name="age_range"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {f.ageRange(field.value?.[0] ?? 10, field.value?.[1] ?? 100)}
            </Text>
            <RangeSlider
              min={ageRangeLimits.min}
              max={ageRangeLimits.max}
              step={1}
              minRange={0}
              marks={Array.from({ length: 10 }, (_, i) => ({
                value: 10 + i * 10,
                label: String(10 + i * 10),
              }))}
              value={(field.value as [number, number]) ?? [10, 100]}
              onChange={field.onChange}
              mb="lg"
              thumbFromLabel={f.minimumAge}
              thumbToLabel={f.maximumAge}
            />
          </Stack>
        )}
      />

      <Group align="flex-start" gap="xl">
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {f.gender}
              </Text>
              <Group>
                <Checkbox
                  label={f.male}
                  checked={field.value?.male ?? true}
                  onChange={(e) => field.onChange({ ...field.value, male: e.currentTarget.checked })}
                />
                <Checkbox
                  label={f.female}
                  checked={field.value?.female ?? true}
                  onChange={(e) => field.onChange({ ...field.value, female: e.currentTarget.checked })}
                />
              </Group>
              {errors.gender ? (
                <Text size="xs" c="red">
                  {errors.gender.message ?? errors.gender.root?.message}
                </Text>
              ) : null}
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="recurring"
          render={({ field }) => (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {f.recurring}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'yes', label: messages.common.yes },
                  { value: 'no', label: messages.common.no },
                ]}
                value={field.value === false ? 'no' : 'yes'}
                onChange={(value) => field.onChange(value === 'yes')}
              />
            </Stack>
          )}
        />
      </Group>

      <Controller
        control={control}
        name="weekDays"
        render={({ field }) => (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {f.weekDays}
            </Text>
            <Group gap={6}>
              {(field.value ?? []).map((day, index) => (
                <Chip
                  key={day.label}
                  checked={day.selected}
                  onChange={(checked) =>
                    field.onChange(
                      (field.value ?? []).map((d, i) => (i === index ? { ...d, selected: checked } : d)),
                    )
                  }
                >
                  {day.label.slice(0, 3)}
                </Chip>
              ))}
            </Group>
            {errors.weekDays ? (
              <Text size="xs" c="red">
                {errors.weekDays.message ?? errors.weekDays.root?.message}
              </Text>
            ) : null}
          </Stack>
        )}
      />

      <Group grow align="flex-start">
        <TextInput
          type="time"
          label={f.startTime}
          {...form.register('start_time')}
          error={errors.start_time?.message}
        />
        <TextInput
          type="time"
          label={f.endTime}
          {...form.register('end_time')}
          error={errors.end_time?.message}
        />
      </Group>
    </>
  );
}
