import { ActionIcon, Badge, Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import {
  emptyStatTypes,
  statTypes,
  type OverviewContentInput,
  type OverviewFigures,
  type StatType,
} from '@krowd/domain/overview/overview.schema';
import { NumberField } from '@/components/ui/number-field';

const m = messages.overview;

export interface StatsTabsProps {
  control: Control<OverviewContentInput>;
  fields: { id: string; type: StatType }[];
  computed: OverviewFigures;
  errors: FieldErrors<OverviewContentInput>['stats'];
  register: UseFormRegister<OverviewContentInput>;
  onAdd: (type: StatType) => void;
  onRemove: (index: number) => void;
}

/** The four conversion-statistics tabs: each type's labels and values, the computed value beside a label. */
export function StatsTabs({ control, fields, computed, errors, register, onAdd, onRemove }: StatsTabsProps) {
  const stats = useWatch({ control, name: 'stats' });
  const empty = new Set(emptyStatTypes(stats));
  return (
    <Tabs defaultValue="age" keepMounted={false}>
      <Tabs.List>
        {statTypes.map((type) => (
          <Tabs.Tab
            key={type}
            value={type}
            rightSection={
              <Badge size="xs" variant="light" color={empty.has(type) ? 'red' : 'gray'}>
                {fields.filter((field) => field.type === type).length}
              </Badge>
            }
          >
            {m.statTypes[type]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {statTypes.map((type) => (
        <Tabs.Panel key={type} value={type} pt="sm">
          <Stack gap="xs">
            {fields.map((field, index) =>
              field.type === type ? (
                <Group key={field.id} align="flex-start" wrap="nowrap">
                  <TextInput
                    label={m.statLabel}
                    required
                    style={{ flex: 2 }}
                    error={errors?.[index]?.label?.message}
                    description={computedStatOf(computed, type, stats[index]?.label)}
                    {...register(`stats.${index}.label`)}
                  />
                  <NumberField
                    control={control}
                    name={`stats.${index}.value`}
                    label={m.statValue}
                    required
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={m.removeStat(m.statTypes[type])}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : null,
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onAdd(type)}
              style={{ alignSelf: 'flex-start' }}
            >
              {m.addStat(m.statTypes[type])}
            </Button>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function computedStatOf(computed: OverviewFigures, type: StatType, label: unknown): string | undefined {
  if (typeof label !== 'string' || !label.trim()) return undefined;
  const found = computed.stats.find((stat) => stat.type === type && stat.label === label.trim());
  return found ? m.computedValue(found.value) : undefined;
}
