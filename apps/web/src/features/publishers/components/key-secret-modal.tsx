import { messages } from '@krowd/domain/messages/messages';
import { SecretOnceModal } from '@/components/ui/secret-once-modal';

const k = messages.publisherKey;

/** A new key's secret, shown this once (after Create key or Rotate), with a copy button. */
export function KeySecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <SecretOnceModal
      secret={secret}
      onClose={onClose}
      title={k.secretTitle}
      hint={k.secretHint}
      copyLabel={k.copy}
      copiedLabel={k.copied}
      testId="publisher-key-secret"
    />
  );
}
