import { Button, Group } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

export interface EditActionsProps {
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
}

/** A read-only form's buttons (spec 2 §2.8): Edit, then Cancel and Update Details (the submit). */
export function EditActions({ editing, saving, onEdit, onCancel }: EditActionsProps) {
  if (!editing) {
    // Its own key, so the click that shows Update Details does not also submit.
    return (
      <Button key="edit" onClick={onEdit}>
        {messages.common.edit}
      </Button>
    );
  }
  return (
    <Group key="editing">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {messages.common.cancel}
      </Button>
      <Button type="submit" loading={saving}>
        {messages.common.updateDetails}
      </Button>
    </Group>
  );
}
