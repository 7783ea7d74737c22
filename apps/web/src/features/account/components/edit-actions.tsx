import { Button, Group } from '@mantine/core';

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
        Edit
      </Button>
    );
  }
  return (
    <Group key="editing">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Update Details
      </Button>
    </Group>
  );
}
