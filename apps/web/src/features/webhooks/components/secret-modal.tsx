import { messages } from '@krowd/domain/messages/messages';
import { SecretOnceModal } from '@/components/ui/secret-once-modal';

const m = messages.webhook;

/** The signing secret, shown this once (after creation or rotation), with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <SecretOnceModal
      secret={secret}
      onClose={onClose}
      title={m.secretLabel}
      hint={m.secretShownOnce}
      copyLabel={m.copy}
      copiedLabel={m.copied}
      testId="webhook-secret"
    />
  );
}
